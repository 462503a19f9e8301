import { animatedGlb } from '../test/fixtures/corpus';
import { validateGlb } from '../src/lib/pipeline/model';
const r = await validateGlb(await animatedGlb(true));
console.log(r.issues.map(i => `${i.severity} ${i.code} ${i.pointer}`).join('\n'));
