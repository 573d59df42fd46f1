import { levelCommand } from './level-change';

/** `/deop nick`: ChanServ DEOP. */
export const deopCommand = levelCommand('deop', 'DEOP');
