import { downloadCsv, csvFileName as fileName } from '../../api/download-csv.js';

/** The users CSV's file name: the server's (`users_{yyyy-mm-dd}.csv`), else the same pattern for today in India. */
export const csvFileName = (disposition: string | null, today = new Date()) => fileName(disposition, 'users', today);

/** Downloads the users CSV for the current filters. */
export const downloadUsersCsv = (query: string) => downloadCsv(`/admin/users/export${query}`, 'users', 'Failed to download users');
