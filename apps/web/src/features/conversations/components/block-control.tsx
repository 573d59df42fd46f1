import { Ban, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast';
import { useSetBlocked } from '../api/blocks';
import { pvtErrorText } from '../lib/pvt-errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/button';

interface BlockControlProps {
  user: { id: number; name: string };
  blocked: boolean;
}

/** Block or unblock the other member from the conversation header, after a confirmation. */
export function BlockControl({ user, blocked }: BlockControlProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const setBlocked = useSetBlocked();
  const Icon = blocked ? ShieldCheck : Ban;

  const close = () => {
    setAsking(false);
    setBlocked.reset();
  };
  const confirm = () => {
    setBlocked.mutate(
      { userId: user.id, blocked: !blocked },
      {
        onSuccess: () => {
          setAsking(false);
          toast.show({ message: t(blocked ? 'pvt.unblockDone' : 'pvt.blockDone', { name: user.name }) });
        },
      },
    );
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)} data-testid="pvt-block-toggle">
        <Icon className="size-4" aria-hidden="true" />
        {t(blocked ? 'pvt.unblock' : 'pvt.block')}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t(blocked ? 'pvt.unblockTitle' : 'pvt.blockTitle', { name: user.name })}
          text={t(blocked ? 'pvt.unblockText' : 'pvt.blockText', { name: user.name })}
          confirmLabel={t(blocked ? 'pvt.unblock' : 'pvt.block')}
          cancelLabel={t('pvt.cancel')}
          tone={blocked ? 'neutral' : 'danger'}
          busy={setBlocked.isPending}
          error={setBlocked.isError ? pvtErrorText(t, setBlocked.error) : undefined}
          onConfirm={confirm}
          onCancel={close}
        />
      )}
    </>
  );
}
