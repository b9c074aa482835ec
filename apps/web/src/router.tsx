import { createBrowserRouter, Navigate, Outlet } from "react-router";
import { FullPageSpin } from "./components/FullPageSpin";
import { NotFoundPage } from "./components/NotFoundPage";
import { RouteErrorPage } from "./components/RouteErrorPage";
import { HOME_PATH } from "./constants";
import { SessionEndedListener } from "./features/session/SessionEndedListener";

function Root() {
  return (
    <>
      <SessionEndedListener />
      <Outlet />
    </>
  );
}

// Pages load on demand: a visitor to the sign-in page does not download the account area.
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageSpin label="Loading…" />,
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      {
        path: "login",
        lazy: async () => ({ Component: (await import("./features/auth/LoginPage")).LoginPage }),
      },
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
                path: "my-orders",
                lazy: async () => ({
                  Component: (await import("./features/orders/MyOrdersPage")).MyOrdersPage,
                }),
              },
              { path: "*", element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
