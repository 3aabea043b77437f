import { useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

export type MunicipioOption = { codigo: string; descricao: string };
/** GET /api/prospecting/municipios?q=&uf= */
export const getMunicipios = (q: string, uf: string) =>
  api<{ municipios: MunicipioOption[] }>(`/prospecting/municipios?q=${encodeURIComponent(q)}${uf ? `&uf=${encodeURIComponent(uf)}` : ''}`);
export const useMunicipios = (q: string, uf: string, enabled: boolean) =>
  useQuery({ queryKey: prospectingKeys.municipios(q, uf), queryFn: () => getMunicipios(q, uf), enabled, ...CACHE.static });
