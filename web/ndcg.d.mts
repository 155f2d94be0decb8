// Types of `import … from 'ndcg-calc'` (web/ndcg.mjs): the factory as the
// default and as a named export, and every type of ndcg-types.d.ts.
import type { CreateNdcgModule } from './ndcg-types.js';

export * from './ndcg-types.js';
declare const createNdcgModule: CreateNdcgModule;
export default createNdcgModule;
export { createNdcgModule };
