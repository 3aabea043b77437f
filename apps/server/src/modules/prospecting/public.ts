/**
 * What other modules may use of prospecting: one CNPJ's registry fields from the imported
 * Receita Federal data, for the local-first CNPJ lookup (issue 14 item 6; decision 0243).
 */
import type { Services } from '../../services.ts';
import { localRecord, type LocalCnpjRecord } from './local-record.ts';
import { rfPool } from './rf-pool.ts';

export type { LocalCnpjRecord };

export const localCnpjRecord = (s: Services, cnpj: string): Promise<LocalCnpjRecord | null> => localRecord(rfPool(s), cnpj);
