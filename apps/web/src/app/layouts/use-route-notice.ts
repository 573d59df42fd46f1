import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast';
import { noticeParam, routeNotices } from '../routes/guard';
import { isOneOf } from '@papo/contract/one-of';

/**
 * Says why the page changed when a guard sent the member elsewhere (a staff page opened by a member
 * lands on /profile with `?notice=staff_only`), then drops the parameter so a reload does not repeat it.
 */
export function useRouteNotice() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const params = new URLSearchParams(search);
  const notice = params.get(noticeParam);
  useEffect(() => {
    if (!isOneOf(routeNotices, notice)) return;
    toast.show({ message: t(`routeNotice.${notice}`), tone: 'error' });
    const rest = new URLSearchParams(search);
    rest.delete(noticeParam);
    const query = rest.toString();
    void navigate({ pathname, search: query ? `?${query}` : '', hash }, { replace: true });
  }, [notice, search, pathname, hash, navigate, toast, t]);
}
