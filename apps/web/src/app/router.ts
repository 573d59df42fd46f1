import { createBrowserRouter } from 'react-router';
import { routes } from './routes/routes';

/** The browser router; creating it starts the first navigation (guards and lazy screens) at once. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
