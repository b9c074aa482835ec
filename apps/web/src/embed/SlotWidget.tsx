import { CustomerServiceOutlined, LogoutOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Flex, Spin } from "antd";
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";
import { assistantSettingsQuery } from "../api/assistant";
import { useCurrentTeam } from "../current-firm/use-current-team";
import { OrganisationSwitcher } from "../features/account/OrganisationSwitcher";
import { SignOutModal } from "../features/account/SignOutModal";
import { CreditBadge } from "../features/credits/CreditBadge";
import { MembershipExpiredBanner } from "../features/membership/MembershipExpiredBanner";
import { LiteVideoModal } from "../features/session/LiteVideoModal";
import { TalkToSalesModal } from "../features/session/TalkToSalesModal";
import { NumberOfIntegrations } from "./NumberOfIntegrations";
import type { SlotId } from "./slot-ids";

/** A page's code loads when its slot is on the host page, as the app's pages load on demand. */
const page = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

const ProductsPage = page(
  () => import("../features/catalogue/ProductsPage"),
  (m) => m.ProductsPage,
);
const CataloguePage = page(
  () => import("../features/catalogue/CataloguePage"),
  (m) => m.CataloguePage,
);
const InterviewPage = page(
  () => import("../features/interview/InterviewPage"),
  (m) => m.InterviewPage,
);
const DocumentPreview = page(
  () => import("./DocumentPreview"),
  (m) => m.DocumentPreview,
);
const DocumentsPage = page(
  () => import("../features/documents/DocumentsPage"),
  (m) => m.DocumentsPage,
);
const MyCompanyPage = page(
  () => import("../features/my-company/MyCompanyPage"),
  (m) => m.MyCompanyPage,
);
const EditProfilePage = page(
  () => import("../features/my-account/EditProfilePage"),
  (m) => m.EditProfilePage,
);
const IntegrationsPage = page(
  () => import("../features/integrations/IntegrationsPage"),
  (m) => m.IntegrationsPage,
);
const MembershipPlanCard = page(
  () => import("../features/membership/MembershipPlanCard"),
  (m) => m.MembershipPlanCard,
);
const AssistantLauncher = page(
  () => import("../features/assistant/AssistantLauncher"),
  (m) => m.AssistantLauncher,
);
const CreateDocumentDialog = lazy(async () => ({
  default: (await import("../features/catalogue/CreateDocumentDialog")).CreateDocumentDialog,
}));

const loading = (
  <Flex justify="center" role="status" aria-label="Loading">
    <Spin />
  </Flex>
);

/** The feature each slot shows: the app's own components, not copies of them. */
const WIDGETS: Record<SlotId, () => ReactNode> = {
  products: () => <ProductsPage />,
  "my-templates": () => <CataloguePage />,
  "new-document": () => <NewDocumentButton />,
  "document-page": () => <InterviewPage />,
  preview: () => <DocumentPreview />,
  "document-listing": () => <DocumentsPage />,
  "my-company": () => <MyCompanyPage />,
  "edit-profile": () => <EditProfilePage />,
  "my-integration": () => <IntegrationsPage />,
  "sign-out": () => <SignOutButton />,
  "talk-to-sales": () => <TalkToSalesButton />,
  "lite-video": () => <LiteVideoModal />,
  // The idle-session modal takes this slot's place by itself (mount-widgets.tsx).
  idle: () => null,
  membership: () => <MembershipPlanCard />,
  "interview-ai": () => <AssistantForFirm />,
  "membership-expired-warning": () => <MembershipExpiredBanner />,
  "credit-remaining": () => <CreditBadge />,
  "organisation-dropdown": () => <OrganisationSwitcher />,
  "number-integration": () => <NumberOfIntegrations />,
};

export function SlotWidget({ id }: { id: SlotId }) {
  return <Suspense fallback={loading}>{WIDGETS[id]()}</Suspense>;
}

function NewDocumentButton() {
  const { team } = useCurrentTeam();
  const [open, setOpen] = useState(false);
  if (!team) return null;
  return (
    <>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
        New Document
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CreateDocumentDialog teamId={team.id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function SignOutButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<LogoutOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Sign out
      </Button>
      <SignOutModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function TalkToSalesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CustomerServiceOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Talk to Sales
      </Button>
      <TalkToSalesModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The assistant, for a firm that has it on (as in the app's shell). */
function AssistantForFirm() {
  const { team } = useCurrentTeam();
  const settings = useQuery({ ...assistantSettingsQuery(team?.id ?? 0), enabled: team !== undefined });
  return team && settings.data?.enabled && settings.data.available ? (
    <AssistantLauncher key={team.id} />
  ) : null;
}
