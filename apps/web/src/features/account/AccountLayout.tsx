import type { CurrentUser } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Avatar, Button, Grid, Layout, Skeleton, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { currentUserQuery } from "../../api/users";
import { BrandMark } from "../../components/BrandMark";
import { LoadError } from "../../components/LoadError";
import { RoleTag } from "../../components/RoleTag";
import {
  ACTIVITY_LOG_PATH,
  DOCUMENTS_PATH,
  EDIT_PROFILE_PATH,
  HOME_PATH,
  ORDERS_PATH,
  TEMPLATES_PATH,
} from "../../constants";
import { CreditBadge } from "../credits/CreditBadge";
import { AccountingOrganisationSwitcher } from "../integrations/AccountingOrganisationSwitcher";
import { MembershipExpiredBanner } from "../membership/MembershipExpiredBanner";
import { UpgradeLink } from "../membership/UpgradeModal";
import { LiteVideoModal } from "../session/LiteVideoModal";
import { CurrentTeamProvider } from "./CurrentTeamProvider";
import { OrganisationSwitcher } from "./OrganisationSwitcher";
import { SignOutModal } from "./SignOutModal";
import { useCurrentTeam } from "./use-current-team";

/** Pages of the account area; only those that exist are listed. */
const NAVIGATION = [
  { path: DOCUMENTS_PATH, label: "My Documents" },
  { path: TEMPLATES_PATH, label: "Our Templates" },
  { path: HOME_PATH, label: "My Company" },
  { path: ORDERS_PATH, label: "My Orders" },
  { path: EDIT_PROFILE_PATH, label: "My Account" },
  { path: ACTIVITY_LOG_PATH, label: "Activity Log" },
  { path: "/my-account/my-integration", label: "My Integrations" },
];

const displayNameOf = (user: CurrentUser) =>
  user.name.trim() || `${user.first_name} ${user.last_name}`.trim() || user.email;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

function UserBadge() {
  const { user, team } = useCurrentTeam();
  const name = displayNameOf(user);
  return (
    <span className="user-badge">
      <Avatar size="small" className="user-badge__avatar" aria-hidden>
        {initialsOf(name)}
      </Avatar>
      <Typography.Text className="user-badge__name" title={user.email}>
        {name}
      </Typography.Text>
      {team && <RoleTag role={team.role} />}
    </span>
  );
}

/** The mark and the pages' links, the same before and after the person's account has loaded. */
function HeaderNavigation({ upgrade }: { upgrade: ReactNode }) {
  return (
    <>
      {/* Its size is set in styles.css for each screen width, so the page built ahead has it right. */}
      <Link to={HOME_PATH} className="app-header__brand" aria-label="Precedent: My Company">
        <BrandMark size="css" />
      </Link>
      <nav aria-label="Account" className="app-header__nav">
        {NAVIGATION.map((item) => (
          <NavLink key={item.path} to={item.path} className="app-nav__link">
            {item.label}
          </NavLink>
        ))}
        {upgrade}
      </nav>
    </>
  );
}

function AccountHeader({ onSignOut }: { onSignOut: () => void }) {
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;

  return (
    <header className="app-top">
      <div className="app-header">
        <HeaderNavigation upgrade={<UpgradeLink className="app-nav__link app-nav__button" />} />
        {wide && (
          <div className="app-header__context">
            <CreditBadge />
            <OrganisationSwitcher />
            <AccountingOrganisationSwitcher />
            <span className="app-header__divider" aria-hidden />
            <UserBadge />
          </div>
        )}
        <Button onClick={onSignOut} className="app-header__sign-out">
          Sign out
        </Button>
      </div>
      {!wide && (
        <div className="context-bar">
          <CreditBadge />
          <OrganisationSwitcher />
          <AccountingOrganisationSwitcher />
          <UserBadge />
        </div>
      )}
    </header>
  );
}

/** The header before the person's account has loaded (or when it could not be). */
function HeaderWithoutPerson({ onSignOut }: { onSignOut: () => void }) {
  return (
    <header className="app-top">
      <div className="app-header">
        <HeaderNavigation upgrade={null} />
        <Button onClick={onSignOut} className="app-header__sign-out">
          Sign out
        </Button>
      </div>
    </header>
  );
}

/**
 * The account area's frame while the person's account loads: the header without the person, and
 * the page's heading over a placeholder. It is also the document list's page built ahead
 * (prerender.tsx), shown from the first reply to a signed-in browser, so it draws nothing that
 * depends on the screen's width in script.
 */
function LoadingAccount({ onSignOut }: { onSignOut: () => void }) {
  const { pathname } = useLocation();
  const heading = NAVIGATION.find((item) => item.path === pathname.replace(/\/$/, ""))?.label;
  return (
    <>
      {heading && <title>{`${heading} · Precedent`}</title>}
      <HeaderWithoutPerson onSignOut={onSignOut} />
      <Layout.Content className="app-content">
        <main className="page" aria-busy="true">
          {heading && (
            <header className="page-header">
              <Typography.Title level={1} className="page-header__title">
                {heading}
              </Typography.Title>
            </header>
          )}
          <span role="status" className="visually-hidden">
            Loading your account…
          </span>
          <Skeleton active paragraph={{ rows: 6 }} />
        </main>
      </Layout.Content>
    </>
  );
}

/** The signed-in shell: header, navigation and the current page. */
export function AccountLayout() {
  const user = useQuery(currentUserQuery());
  const [signingOut, setSigningOut] = useState(false);
  const signOut = () => setSigningOut(true);

  let shell: ReactNode;
  if (user.isSuccess) {
    shell = (
      <CurrentTeamProvider user={user.data}>
        <AccountHeader onSignOut={signOut} />
        <Layout.Content className="app-content">
          {/* The page's own content is the main landmark, so its <header> is not a second banner. */}
          <main className="page">
            <MembershipExpiredBanner />
            <Outlet />
          </main>
        </Layout.Content>
        <LiteVideoModal />
      </CurrentTeamProvider>
    );
  } else if (user.isError) {
    shell = (
      <>
        <HeaderWithoutPerson onSignOut={signOut} />
        <Layout.Content className="app-content">
          <main>
            <LoadError
              title="Cannot get User's info"
              error={user.error}
              onRetry={() => void user.refetch()}
              retrying={user.isFetching}
            />
          </main>
        </Layout.Content>
      </>
    );
  } else {
    shell = <LoadingAccount onSignOut={signOut} />;
  }

  return (
    <Layout className="app-layout">
      {shell}
      <SignOutModal open={signingOut} onClose={() => setSigningOut(false)} />
    </Layout>
  );
}
