import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session';
import { RequireAuth, RequireOwner } from './guards';
import { Layout } from './Layout';

const LandingPage = lazy(() => import('../pages/LandingPage'));
const LoginPage = lazy(() => import('../pages/LoginPage'));
const RegisterPage = lazy(() => import('../pages/RegisterPage'));
const DashboardPage = lazy(() => import('../pages/DashboardPage'));
const LinkStorePage = lazy(() => import('../pages/LinkStorePage'));
const OrdersPage = lazy(() => import('../pages/OrdersPage'));
const ConfirmateursPage = lazy(() => import('../pages/ConfirmateursPage'));
const DeliveryCompanyPage = lazy(() => import('../pages/DeliveryCompanyPage'));
const StatisticsPage = lazy(() => import('../pages/StatisticsPage'));
const WorkspaceSettingsPage = lazy(() => import('../pages/WorkspaceSettingsPage'));
const InvitationPage = lazy(() => import('../pages/InvitationPage'));
const AccountPage = lazy(() => import('../pages/AccountPage'));
const ForgotPasswordPage = lazy(() => import('../pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../pages/ResetPasswordPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

const signedIn = (page: React.ReactNode) => <RequireAuth>{page}</RequireAuth>;
const ownerOnly = (page: React.ReactNode) => signedIn(<RequireOwner>{page}</RequireOwner>);

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      // Opened from an invitation mail, signed in or not.
      { path: '/invitations/:token', element: <InvitationPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/account', element: signedIn(<AccountPage />) },
      { path: '/dashboard', element: signedIn(<DashboardPage />) },
      { path: '/orders', element: signedIn(<OrdersPage />) },
      { path: '/link-store', element: ownerOnly(<LinkStorePage />) },
      { path: '/statistics', element: ownerOnly(<StatisticsPage />) },
      { path: '/confirmateurs', element: ownerOnly(<ConfirmateursPage />) },
      { path: '/delivery-company', element: ownerOnly(<DeliveryCompanyPage />) },
      { path: '/workspace-settings', element: ownerOnly(<WorkspaceSettingsPage />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
