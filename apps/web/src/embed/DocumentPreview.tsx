import { Empty } from "antd";
import { useSearchParams } from "react-router";
import { downloadLinksOf, InterviewPage } from "../features/interview/InterviewPage";

/**
 * The preview slot: a document's assembled files (the download view), when the host page's address
 * names them with docId, download_id[] and filename[].
 */
export function DocumentPreview() {
  const [params] = useSearchParams();
  return downloadLinksOf(params).length > 0 ? <InterviewPage /> : <NothingToPreview />;
}

const NothingToPreview = () => (
  <Empty description="No document to preview. Open a finished document's files to see them here." />
);
