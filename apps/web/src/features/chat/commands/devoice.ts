import { levelCommand } from './level-change';

/** `/devoice nick`: ChanServ DEVOICE. */
export const devoiceCommand = levelCommand('devoice', 'DEVOICE');
