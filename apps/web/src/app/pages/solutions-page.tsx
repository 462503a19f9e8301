import { PlanOffers } from '../../features/plans/components/plan-offers';
import SiteSolutionsPage from '../../features/site/pages/solutions-page';

/** /solutions: the site's page (uses, FAQ) with the plans the server offers and "Buy" (plans feature). */
export default function SolutionsPage() {
  return <SiteSolutionsPage plans={<PlanOffers />} />;
}
