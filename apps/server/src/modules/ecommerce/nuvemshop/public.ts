/** What the area's other folders use of Nuvemshop's API (the catalogue, decision 0687). */
export { nuvemshopApi, type StoreAuth } from './client.ts';
export { PER_PAGE } from './sync.ts';
