// Types of 'ndcg-calc/element' (dist/ndcg-calc.js): the <ndcg-calc> element.
import type { Explanation, NdcgError } from './ndcg-types.js';

export interface NdcgCalcElement extends HTMLElement {
  /** The last explanation shown, or null while there is none (or the input is bad). */
  readonly result: Explanation | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'ndcg-calc': NdcgCalcElement;
  }
  interface HTMLElementEventMap {
    'ndcg-result': CustomEvent<Explanation>;
    'ndcg-error': CustomEvent<Pick<NdcgError, 'code' | 'source' | 'key' | 'line' | 'column' | 'args' | 'message'>>;
  }
}
