import { levelCommand } from './level-change';

/** `/op nick`: ChanServ OP. */
export const opCommand = levelCommand('op', 'OP');
