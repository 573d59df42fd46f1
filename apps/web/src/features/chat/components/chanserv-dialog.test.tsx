import { memberActs } from '@papo/contract/peace';
import { peaceRanks, peaceTableOutcome, type PeaceRank } from '@papo/contract/peace-table';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetChatStore, setUserChannelLevel, setUserNickname, setUsers } from '../store/chat-store';
import { renderChat } from '../test/render-chat';
import { ChanServDialog } from './chanserv-dialog';

const dialogActs = ['KICK', 'KICKBAN', 'VOICE', 'DEVOICE', 'OP', 'DEOP', 'MASTER', 'DEMASTER'] as const;

/** The level each level act sets, and the rank a removal takes away (written out, not read from the app). */
const sets: Partial<Record<(typeof dialogActs)[number], number>> = { VOICE: 3, OP: 5, MASTER: 10 };
const removes: Partial<Record<(typeof dialogActs)[number], number>> = { DEVOICE: 3, DEOP: 5, DEMASTER: 10 };

function changes(act: (typeof dialogActs)[number], target: PeaceRank): boolean {
  if (sets[act] !== undefined) return sets[act] !== target;
  if (removes[act] !== undefined) return removes[act] === target;
  return true;
}

function openFor(actor: PeaceRank, target: PeaceRank) {
  setUserChannelLevel('barra', actor);
  const user = { id: 2, nickname: 'bia', level: target };
  setUsers('barra', [{ id: 1, nickname: 'ana', level: actor }, user]);
  renderChat(<ChanServDialog channel="barra" user={user} onClose={() => {}} onResult={() => {}} />);
  const dialog = screen.getByTestId('chanserv-dialog');
  return {
    dialog,
    offered: within(dialog)
      .queryAllByRole('button')
      .flatMap((button) => button.dataset.action ?? []),
  };
}

beforeEach(() => {
  resetChatStore();
  setUserNickname('ana');
});

describe('ChanServ dialog under PEACE', () => {
  it('covers every act the dialog can show', () => {
    expect(dialogActs.every((act) => (memberActs as readonly string[]).includes(act))).toBe(true);
  });

  it.each(peaceRanks.flatMap((actor) => peaceRanks.map((target) => ({ actor, target }))))(
    'a member at $actor on one at $target is offered exactly what the table allows',
    ({ actor, target }) => {
      const { dialog, offered } = openFor(actor, target);
      const meaningful = dialogActs.filter((act) => changes(act, target));
      expect(offered).toEqual(meaningful.filter((act) => peaceTableOutcome(act, actor, target) === null));
      const refused = meaningful.some((act) => peaceTableOutcome(act, actor, target) !== null);
      expect(within(dialog).queryByTestId('peace-note') !== null).toBe(refused);
    },
  );

  it('offers a level-0 member nothing and says why', () => {
    const { dialog, offered } = openFor(0, 0);
    expect(offered).toEqual([]);
    expect(within(dialog).queryByLabelText('Motivo (opcional)')).toBeNull();
    expect(within(dialog).getByTestId('peace-note')).toHaveTextContent(
      'Só operadores (@) e acima agem sobre outros em #barra; seu nível aqui é usuário.',
    );
  });

  it('tells an operator why OP and MASTER are missing for a voiced member', () => {
    const { dialog, offered } = openFor(5, 3);
    expect(offered).toEqual(['KICK', 'KICKBAN', 'DEVOICE']);
    expect(within(dialog).getByTestId('peace-note')).toHaveTextContent(
      'Você só concede níveis abaixo do seu (operador).',
    );
  });
});
