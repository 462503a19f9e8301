import { DocPage } from '../components/doc-page';
import '../site.css';

const SECTIONS = [
  'acceptance',
  'accounts',
  'content',
  'market',
  'conduct',
  'membership',
  'coins',
  'termination',
  'liability',
  'law',
] as const;

/** `/user_terms_agreement`: the user agreement accepted at registration. */
export default function UserTermsPage() {
  return <DocPage prefix="terms" sections={SECTIONS} />;
}
