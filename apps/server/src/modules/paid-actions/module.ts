import { defineModule } from '../../platform/module.ts';
import { registerPaidActionSweep } from '../../platform/paid-actions/index.ts';
import { exportPaidActions } from './export.ts';

/** The schedule that refunds paid-action reservations left without a commit (decision 0122). */
export default defineModule({
  key: 'paid-actions',
  start: registerPaidActionSweep,
  exportData: exportPaidActions,
});
