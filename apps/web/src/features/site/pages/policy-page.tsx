import { DocPage } from '../components/doc-page';
import '../site.css';

const SECTIONS = ['terms', 'privacy', 'refund', 'delivery'] as const;

/** `/policy`: terms of sale, privacy, refund and delivery policies (spec section 1). */
export default function PolicyPage() {
  return <DocPage prefix="policy" sections={SECTIONS} />;
}
