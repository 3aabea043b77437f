/** What the platforms' folders use of the catalogue (decision 0687): every platform writes its products with `upsertStoreProducts`. */
export { applyProductEvent, importCatalogue } from './catalogue.ts';
export { type IncomingProduct, removeStoreProducts, upsertStoreProducts } from './store-products.ts';
