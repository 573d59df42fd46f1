import { useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastApiProvider, ToastProvider, useToast, type ToastApi } from '../components/ui/toast';

let shared: Promise<ToastApi> | null = null;

function Expose({ onApi }: { onApi: (api: ToastApi) => void }) {
  const api = useToast();
  useEffect(() => onApi(api), [api, onApi]);
  return null;
}

/** The one region where every island's messages show, made with the first message (the page's own stays static). */
function sharedToasts(): Promise<ToastApi> {
  shared ??= new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(
      <ToastProvider>
        <Expose onApi={resolve} />
      </ToastProvider>,
    );
  });
  return shared;
}

const relay: ToastApi = { show: (input) => void sharedToasts().then((api) => api.show(input)) };

/** Gives an island `useToast`, its messages shown in the region shared by all islands. */
export function ToastRelay({ children }: { children: ReactNode }) {
  return <ToastApiProvider api={relay}>{children}</ToastApiProvider>;
}
