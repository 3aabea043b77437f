import { SPREADSHEET_MESSAGES as M } from '@sede/shared/platform/spreadsheets';

/**
 * A file refused by the reader, with what the person should read. Plain data, so it crosses
 * from the worker thread as a message and becomes an `AppError` there (reader.ts).
 */
export class SpreadsheetError extends Error {
  constructor(
    readonly status: 400 | 413 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const unreadable = () => new SpreadsheetError(400, 'FILE_UNREADABLE', M.unreadable);
