import { CATEGORY_STRATEGIST_ONLY } from "@precedent/contracts";
import { Alert, Modal, Skeleton, Typography } from "antd";
import { CREATE_DIALOG_SEARCH_DEBOUNCE_MS } from "../../constants";
import { CategoryTree } from "./CategoryTree";
import { type DraftTarget, DraftTargetContext } from "./draft-target";
import { ProductGrid } from "./ProductGrid";
import { CatalogueBreadcrumb, TemplateSearch, useCatalogueBrowser } from "./use-catalogue-browser";
import "./catalogue.css";

/**
 * The create-document full-screen dialog (documents spec §2 "Template catalogue"): category tree,
 * search, breadcrumb from 'Our Templates', and template cards with Start Document or Purchase.
 * Opened for a blank draft (`draft`), the chosen template is attached to that draft.
 */
export function CreateDocumentDialog({
  teamId,
  draft,
  onClose,
}: {
  teamId: number;
  draft?: DraftTarget;
  onClose: () => void;
}) {
  return (
    <DraftTargetContext.Provider value={draft}>
      <TemplateCatalogueDialog
        teamId={teamId}
        title={draft ? `Choose a template for ${draft.name}` : "Create a new document"}
        onClose={onClose}
      />
    </DraftTargetContext.Provider>
  );
}

function TemplateCatalogueDialog({
  teamId,
  title,
  onClose,
}: {
  teamId: number;
  title: string;
  onClose: () => void;
}) {
  // Documents spec §9: 1000 ms in this dialog; trimmed, and only non-empty text searches.
  const { flow, categoryId, setCategoryId, text, setText, categories, tree, path, products, strategistOnly } =
    useCatalogueBrowser(teamId, CREATE_DIALOG_SEARCH_DEBOUNCE_MS);

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={null}
      width="100%"
      className="create-document-dialog"
      style={{ top: 0 }}
      destroyOnHidden
    >
      <div className="catalogue-layout">
        <aside className="catalogue-layout__categories">
          <Typography.Title level={5}>Categories</Typography.Title>
          {categories.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <CategoryTree tree={tree} selectedId={categoryId} onSelect={setCategoryId} />
          )}
        </aside>
        <section className="catalogue-layout__main" aria-label="Templates">
          <div className="catalogue-toolbar">
            <CatalogueBreadcrumb path={path} categoryId={categoryId} onOpen={setCategoryId} />
            <TemplateSearch value={text} onChange={setText} />
          </div>
          {strategistOnly && <Alert type="info" showIcon title={CATEGORY_STRATEGIST_ONLY} />}
          <ProductGrid
            label="Template results"
            products={products.data?.rows}
            loading={products.isPending}
            error={products.error}
            onRetry={() => void products.refetch()}
            flow={flow}
            compact
            onOpenCategory={categoryId === undefined ? setCategoryId : undefined}
          />
        </section>
      </div>
      {flow.element}
    </Modal>
  );
}
