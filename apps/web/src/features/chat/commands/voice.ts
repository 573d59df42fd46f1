import { levelCommand } from './level-change';

/** `/voice nick`: ChanServ VOICE. */
export const voiceCommand = levelCommand('voice', 'VOICE');
