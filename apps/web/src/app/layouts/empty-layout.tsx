import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Logo } from '../../components/logo';
import { SkipLink } from '../../components/ui/skip-link';

/** Empty layout (login, register, the course landing page): the brand, the language and the screen. */
export function EmptyLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="relative flex justify-center px-4 pb-2 pt-16 sm:pt-8">
        <Logo />
        <div className="absolute right-4 top-3">
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 px-4 pb-10 focus:outline-none sm:pb-16">
        <Outlet />
      </main>
    </div>
  );
}
