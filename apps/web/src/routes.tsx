import { Navigate, Outlet, type RouteObject } from "react-router";
import { RouteErrorPage } from "./components/RouteErrorPage";
import { ServerBusyNotice } from "./components/ServerBusyNotice";
import { HOME_PATH, SIGN_IN_LANDING_PATH } from "./constants";
import { SessionEndedListener } from "./features/session/SessionEndedListener";

function Root() {
  return (
    <>
      <SessionEndedListener />
      <ServerBusyNotice />
      <Outlet />
    </>
  );
}

// Loaded on demand like the pages: antd's Result, with its illustrations, is not part of the first load.
const notFoundPage = async () => ({ Component: (await import("./components/NotFoundPage")).NotFoundPage });
const standaloneNotFoundPage = async () => ({
  Component: (await import("./components/NotFoundPage")).StandaloneNotFoundPage,
});
const consoleNotFoundPage = async () => ({
  Component: (await import("./components/NotFoundPage")).ConsoleNotFoundPage,
});

/**
 * The app's pages, for the browser's router (router.tsx) and for the pages rendered at build time
 * (prerender.tsx). Pages load on demand: a visitor to the sign-in page does not download the
 * account area.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage standalone />,
    // No loading fallback: main.tsx renders once the first page's code has loaded
    // (whenRouterReady), so there is never a moment without a page to show.
    children: [
      // The site's address opens where sign-in lands, so both start a firm in the same place.
      { index: true, element: <Navigate to={SIGN_IN_LANDING_PATH} replace /> },
      {
        path: "login",
        lazy: async () => ({ Component: (await import("./features/auth/LoginPage")).LoginPage }),
      },
      {
        path: "forgot-password",
        lazy: async () => ({
          Component: (await import("./features/auth/ForgotPasswordPage")).ForgotPasswordPage,
        }),
      },
      {
        path: "reset-password/:token",
        lazy: async () => ({
          Component: (await import("./features/auth/ResetPasswordPage")).ResetPasswordPage,
        }),
      },
      {
        path: "invitation/:token",
        lazy: async () => ({
          Component: (await import("./features/invitations/AcceptInvitationPage")).AcceptInvitationPage,
        }),
      },
      {
        path: "sign/:token",
        lazy: async () => ({ Component: (await import("./features/signing-pages/SigningPage")).SigningPage }),
      },
      {
        // The operator console: its own bundle, loaded only when /console is opened.
        path: "console",
        lazy: async () => ({ Component: (await import("./features/console/ConsolePage")).ConsolePage }),
      },
      { path: "console/*", lazy: consoleNotFoundPage },
      {
        path: "my-account",
        lazy: async () => ({ Component: (await import("./features/account/AccountArea")).AccountArea }),
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              {
                path: "my-company",
                lazy: async () => ({
                  Component: (await import("./features/my-company/MyCompanyPage")).MyCompanyPage,
                }),
              },
              {
                path: "my-document",
                lazy: async () => ({
                  Component: (await import("./features/documents/DocumentsPage")).DocumentsPage,
                }),
              },
              {
                path: "templates",
                lazy: async () => ({
                  Component: (await import("./features/catalogue/CataloguePage")).CataloguePage,
                }),
              },
              {
                path: "products",
                lazy: async () => ({
                  Component: (await import("./features/catalogue/ProductsPage")).ProductsPage,
                }),
              },
              {
                path: "my-document/template",
                lazy: async () => ({
                  Component: (await import("./features/interview/InterviewPage")).InterviewPage,
                }),
              },
              {
                path: "invitations",
                lazy: async () => ({
                  Component: (await import("./features/invitations/InvitationsPage")).InvitationsPage,
                }),
              },
              {
                path: "my-orders",
                lazy: async () => ({
                  Component: (await import("./features/orders/MyOrdersPage")).MyOrdersPage,
                }),
              },
              {
                path: "edit-profile",
                lazy: async () => ({
                  Component: (await import("./features/my-account/EditProfilePage")).EditProfilePage,
                }),
              },
              {
                path: "activity-log",
                lazy: async () => ({
                  Component: (await import("./features/logs/ActivityLogPage")).ActivityLogPage,
                }),
              },
              {
                path: "my-integration",
                lazy: async () => ({
                  Component: (await import("./features/integrations/IntegrationsPage")).IntegrationsPage,
                }),
              },
              {
                path: "my-integration/:appName",
                lazy: async () => ({
                  Component: (await import("./features/integrations/IntegrationsPage"))
                    .IntegrationAppRedirect,
                }),
              },
              {
                path: "security",
                lazy: async () => ({
                  Component: (await import("./features/two-factor/SecurityPage")).SecurityPage,
                }),
              },
              { path: "*", lazy: notFoundPage },
            ],
          },
        ],
      },
      { path: "*", lazy: standaloneNotFoundPage },
    ],
  },
];
