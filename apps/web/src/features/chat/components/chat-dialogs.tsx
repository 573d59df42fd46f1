import { closeDialog, openDialog, useChatStore } from '../store/chat-store';
import { ChanServDialog } from './chanserv-dialog';
import { ResultDialog } from './result-dialog';
import { WhoisCard } from './whois-card';

/** The one chat dialog open at a time (members-area §4 Chat dialogs): whois, ChanServ or a result. */
export function ChatDialogs() {
  const dialog = useChatStore((state) => state.dialog);
  switch (dialog.kind) {
    case 'whois':
      return <WhoisCard nickname={dialog.nickname} onClose={closeDialog} />;
    case 'chanserv':
      return (
        <ChanServDialog
          channel={dialog.channel}
          user={dialog.user}
          onClose={closeDialog}
          onResult={(result) => openDialog({ kind: 'result', ...result })}
        />
      );
    case 'result':
      return <ResultDialog tone={dialog.tone} text={dialog.text} onClose={closeDialog} />;
    case 'none':
      return null;
  }
}
