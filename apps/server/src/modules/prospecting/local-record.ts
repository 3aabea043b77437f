import type pg from 'pg';
import type { LocalCnpjRecord } from '../cnpj/public.ts';


/** Primary-key lookup (one round trip, ~1 ms); null when the CNPJ is not in the imported data. */
export async function localRecord(pool: pg.Pool, cnpj: string): Promise<LocalCnpjRecord | null> {
  const { rows } = await pool.query(
    `SELECT e.cnpj, emp.razao_social, e.nome_fantasia, e.ddd1, e.telefone1, e.email, e.tipo_logradouro, e.logradouro, e.numero, e.bairro,
            m.descricao AS municipio, e.uf, e.cep, e.situacao, e.cnae_principal, c.descricao AS cnae_descricao, to_char(e.data_inicio, 'YYYY-MM-DD') AS data_inicio
       FROM rf_estabelecimentos e LEFT JOIN rf_empresas emp ON emp.cnpj_basico = e.cnpj_basico
       LEFT JOIN rf_municipios m ON m.codigo = e.municipio LEFT JOIN rf_cnaes c ON c.codigo = e.cnae_principal
      WHERE e.cnpj = $1`,
    [cnpj],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    cnpj: r.cnpj,
    razaoSocial: r.razao_social,
    nomeFantasia: r.nome_fantasia,
    ddd1: r.ddd1,
    telefone1: r.telefone1,
    email: r.email,
    tipoLogradouro: r.tipo_logradouro,
    logradouro: r.logradouro,
    numero: r.numero,
    bairro: r.bairro,
    municipio: r.municipio,
    uf: r.uf,
    cep: r.cep,
    situacao: r.situacao,
    cnaePrincipal: r.cnae_principal,
    cnaeDescricao: r.cnae_descricao,
    dataInicio: r.data_inicio,
  };
}
