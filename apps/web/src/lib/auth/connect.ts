import { configureHttpAuth } from '../http';
import { getToken, resetToken } from './session';

/**
 * Connects the HTTP client to the session: requests carry the session's token, and a refused token ends the session
 * (token, user, cart, cached queries). Called once where a page starts (main.tsx, the lean viewer's extras) and in
 * the web tests' setup, before the first request. The client takes these as parameters because the session calls
 * the client: imported back, they made a cycle.
 */
export function connectSession(): void {
  configureHttpAuth({ getToken, endSession: resetToken });
}
