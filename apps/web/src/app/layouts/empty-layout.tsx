import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { SkipLink } from '../../components/skip-link';

/** Empty layout (login, register, the course landing page): the brand and the screen, nothing else. */
export function EmptyLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="flex justify-center px-4 pb-2 pt-8">
        <Logo />
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 px-4 pb-16 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
