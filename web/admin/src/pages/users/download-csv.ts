import { API, addressOf, type OperationTable, type RequestOf } from '@elts/contracts';
import { downloadCsv, csvFileName as fileName } from '../../api/download-csv.js';

/** The users CSV's file name: the server's (`users_{yyyy-mm-dd}.csv`), else the same pattern for today in India. */
export const csvFileName = (disposition: string | null, today = new Date()) => fileName(disposition, 'users', today);

/** Downloads the users CSV for the current filters. */
export const downloadUsersCsv = (query: RequestOf<OperationTable['adminUsersExport']>['query']) =>
  downloadCsv(addressOf(API.adminUsersExport, { query }), 'users', 'Failed to download users');
