import { CloseOutlined, LogoutOutlined, MenuOutlined } from "@ant-design/icons";
import type { CurrentUser } from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Layout, Skeleton, Typography } from "antd";
import { type ReactNode, useDeferredValue, useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { assistantSettingsQuery } from "../../api/assistant";
import { creditStatusQuery } from "../../api/credits";
import { currentUserQuery } from "../../api/users";
import { BrandMark } from "../../components/BrandMark";
import { LoadError } from "../../components/LoadError";
import { RoleTag } from "../../components/RoleTag";
import { MD_AND_WIDER, useMediaQuery } from "../../components/use-media-query";
import {
  ACTIVITY_LOG_PATH,
  DOCUMENTS_PATH,
  EDIT_PROFILE_PATH,
  HOME_PATH,
  ORDERS_PATH,
  TEMPLATES_PATH,
} from "../../constants";
import { CurrentTeamProvider, chosenTeam } from "../../current-firm/CurrentTeamProvider";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { AssistantLauncher } from "../assistant/AssistantLauncher";
import { CreditBadge } from "../credits/CreditBadge";
import { AccountingOrganisationSwitcher } from "../integrations/AccountingOrganisationSwitcher";
import { MembershipExpiredBanner } from "../membership/MembershipExpiredBanner";
import { UpgradeLink } from "../membership/UpgradeLink";
import { LiteVideoModal } from "../session/LiteVideoModal";
import { OrganisationSwitcher } from "./OrganisationSwitcher";
import { SignOutModal } from "./SignOutModal";

/** Pages of the account area; only those that exist are listed. */
const NAVIGATION = [
  { path: DOCUMENTS_PATH, label: "My Documents", wide: true },
  { path: TEMPLATES_PATH, label: "Our Templates" },
  { path: HOME_PATH, label: "My Company" },
  { path: ORDERS_PATH, label: "My Orders" },
  { path: EDIT_PROFILE_PATH, label: "My Account" },
  { path: ACTIVITY_LOG_PATH, label: "Activity Log" },
  { path: "/my-account/my-integration", label: "My Integrations" },
];

const ACCOUNT_NAVIGATION_ID = "account-navigation";

const navigationItem = (pathname: string) =>
  NAVIGATION.find((item) => item.path === pathname.replace(/\/$/, ""));

/** The page's frame: wider for the pages that say so (the document list), here and while loading. */
const pageClassName = (pathname: string) => (navigationItem(pathname)?.wide ? "page page--wide" : "page");

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
      {/* A plain circle: antd's Avatar measures its text after every render to fit it, a forced
          layout on the header's first render, 90 ms on Lighthouse's phone CPU. Two initials fit. */}
      <span className="user-badge__avatar" aria-hidden>
        {initialsOf(name)}
      </span>
      <Typography.Text className="user-badge__name" title={user.email}>
        {name}
      </Typography.Text>
      {team && <RoleTag role={team.role} />}
    </span>
  );
}

/**
 * The mark and the pages' links, the same before and after the person's account has loaded. On a
 * phone the links sit behind Menu (styles.css hides one or the other by width, so the page built
 * ahead has it right): as rows of their own they took a third of the screen above the page.
 */
function HeaderNavigation({ upgrade }: { upgrade: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A link followed closes the menu: the page it opens is what the person wants to see.
  const shownFor = useRef(pathname);
  if (shownFor.current !== pathname) {
    shownFor.current = pathname;
    if (menuOpen) setMenuOpen(false);
  }
  return (
    <>
      {/* Its size is set in styles.css for each screen width, so the page built ahead has it right. */}
      <Link to={HOME_PATH} className="app-header__brand" aria-label="Precedent: My Company">
        <BrandMark size="css" />
      </Link>
      <button
        ref={menuButton}
        type="button"
        className="app-header__menu"
        aria-expanded={menuOpen}
        aria-controls={ACCOUNT_NAVIGATION_ID}
        onClick={() => setMenuOpen((open) => !open)}
      >
        {menuOpen ? <CloseOutlined aria-hidden /> : <MenuOutlined aria-hidden />}
        <span>Menu</span>
      </button>
      <nav
        id={ACCOUNT_NAVIGATION_ID}
        aria-label="Account"
        className={menuOpen ? "app-header__nav app-header__nav--open" : "app-header__nav"}
        onKeyDown={(event) => {
          if (event.key !== "Escape" || !menuOpen) return;
          setMenuOpen(false);
          menuButton.current?.focus();
        }}
      >
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
  // 768 px and wider: the person's context sits in the header's row.
  const wide = useMediaQuery(MD_AND_WIDER);

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
        <SignOutButton onSignOut={onSignOut} />
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

/**
 * The header's Sign out. With an icon: antd draws a button without one with a spare loading icon
 * that sets state as it mounts, and the header mounts in the same commit as the page below it (see
 * components/MountLater.tsx for what that costs a page's first commit).
 */
function SignOutButton({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Button onClick={onSignOut} icon={<LogoutOutlined aria-hidden />} className="app-header__sign-out">
      Sign out
    </Button>
  );
}

/** The header before the person's account has loaded (or when it could not be). */
function HeaderWithoutPerson({ onSignOut }: { onSignOut: () => void }) {
  return (
    <header className="app-top">
      <div className="app-header">
        <HeaderNavigation upgrade={null} />
        <SignOutButton onSignOut={onSignOut} />
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
  const heading = navigationItem(pathname)?.label;
  return (
    <>
      {heading && <title>{`${heading} · Precedent`}</title>}
      <HeaderWithoutPerson onSignOut={onSignOut} />
      <Layout.Content className="app-content">
        {/* As wide as the page it stands for will be. */}
        <div className={pageClassName(pathname)} aria-busy="true">
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
        </div>
      </Layout.Content>
    </>
  );
}

/**
 * The current page, as wide as it asks (only it follows the address). The main landmark is
 * `Layout.Content` around it, which antd renders as `<main>`: one per page.
 */
function PageMain({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <div className={pageClassName(pathname)}>{children}</div>;
}

/**
 * The assistant's launcher, for a person in a firm (a conversation belongs to one firm) that has
 * the assistant on: hidden while the firm's setting is read, when it is off or unreadable, and while
 * the operator has it off for every firm.
 */
function AssistantForFirm() {
  const { team } = useCurrentTeam();
  const settings = useQuery({ ...assistantSettingsQuery(team?.id ?? 0), enabled: team !== undefined });
  return team && settings.data?.enabled && settings.data.available ? (
    <AssistantLauncher key={team.id} />
  ) : null;
}

/** The signed-in shell: header, navigation and the current page. */
export function AccountLayout() {
  const user = useQuery(currentUserQuery());
  // The whole page appears when the account arrives. Rendered from a deferred copy, React renders
  // it in slices between which the browser can respond, rather than in one long task: an answer
  // from the query cache is otherwise rendered at once, whatever its size.
  const account = useDeferredValue(user.data);
  // The credit badge's answer is asked for with the account, not after the header has rendered:
  // arriving after it, the badge pushed the firm and the person aside on a phone.
  const queryClient = useQueryClient();
  useEffect(() => {
    const team = user.data && chosenTeam(user.data);
    if (team) void queryClient.prefetchQuery(creditStatusQuery(team.id));
  }, [user.data, queryClient]);
  const [signingOut, setSigningOut] = useState(false);
  const signOut = () => setSigningOut(true);

  let shell: ReactNode;
  if (account) {
    shell = (
      <CurrentTeamProvider user={account}>
        <AccountHeader onSignOut={signOut} />
        <Layout.Content className="app-content">
          {/* Inside the main landmark (antd's Content is a <main>), a page's <header> is no second banner. */}
          <PageMain>
            <MembershipExpiredBanner />
            <Outlet />
          </PageMain>
        </Layout.Content>
        <LiteVideoModal />
        <AssistantForFirm />
      </CurrentTeamProvider>
    );
  } else if (user.isError) {
    shell = (
      <>
        <HeaderWithoutPerson onSignOut={signOut} />
        <Layout.Content className="app-content">
          <div>
            <LoadError
              title="Cannot get User's info"
              error={user.error}
              onRetry={() => void user.refetch()}
              retrying={user.isFetching}
            />
          </div>
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
