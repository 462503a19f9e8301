import { connectSession } from './connect';

/**
 * Connects the HTTP client to the session as this module is evaluated. The app's entry imports it before the app:
 * the router is created when its module is evaluated and runs the first route's loaders at once (`user_info`
 * included), before the entry's own code would run, and those requests need the token.
 */
connectSession();
