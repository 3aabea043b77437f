/** Where a piece opens (the creatives page, by its `peca` parameter). */
export const piecePath = (id: string) => `/marketing/criativos?peca=${id}`;
/** A client's calendar, creatives and materials (their pages read `?cliente=`). */
export const clientLinks = (id: string) => ({
  calendar: `/marketing/calendario?cliente=${id}`,
  creatives: `/marketing/criativos?cliente=${id}`,
  materials: `/marketing/materiais?cliente=${id}`,
});
