import { Alert, Spin, Typography } from "antd";
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from "pdfjs-dist";
// The worker is bundled with the app and served from our own origin, never from a content network.
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";

GlobalWorkerOptions.workerSrc = workerUrl;

const THUMBNAIL_WIDTH_PX = 96;
const PAGE_MAX_WIDTH_PX = 820;

/** Draws one page into a canvas at the given CSS width, sharp on high-density screens. */
function PdfPageCanvas({
  pdf,
  pageNumber,
  width,
  label,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  width: number;
  label: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let cancelRender: (() => void) | undefined;
    setRendered(false);
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber);
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const task = page.render({ canvas, viewport });
        cancelRender = () => task.cancel();
        await task.promise;
        if (!cancelled) setRendered(true);
      } catch {
        // A cancelled render (the page changed or the viewer closed) needs nothing more.
      }
    })();
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [pdf, pageNumber, width]);

  return (
    <canvas
      ref={canvasRef}
      className="pdf-viewer__canvas"
      aria-label={label}
      role="img"
      data-rendered={rendered ? "true" : "false"}
    />
  );
}

/** A PDF viewer with page thumbnails at the left and the chosen page at the right. */
export function PdfViewer({ url, title }: { url: string; title: string }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [pageNumber, setPageNumber] = useState(1);
  const mainRef = useRef<HTMLElement>(null);
  const [mainWidth, setMainWidth] = useState(0);

  useEffect(() => {
    setPdf(undefined);
    setError(undefined);
    setPageNumber(1);
    // Scripts inside a PDF are never evaluated (pdf.js's eval path has carried exploits).
    const task = getDocument({ url, isEvalSupported: false, withCredentials: true });
    let loaded: PDFDocumentProxy | undefined;
    task.promise.then(
      (document) => {
        loaded = document;
        setPdf(document);
      },
      (reason: unknown) => {
        if (reason instanceof Error && reason.name === "AbortException") return;
        setError("The preview of this template cannot be shown right now. Please try again later.");
      },
    );
    return () => {
      void task.destroy();
      void loaded?.destroy();
    };
  }, [url]);

  // The page fills the viewer's width, up to a readable maximum.
  useEffect(() => {
    const element = mainRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setMainWidth(Math.min(PAGE_MAX_WIDTH_PX, Math.floor(entry.contentRect.width) - 16));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (error) return <Alert type="warning" showIcon title={error} />;
  const pages = pdf ? Array.from({ length: pdf.numPages }, (_, index) => index + 1) : [];
  return (
    <section className="pdf-viewer" aria-label={`Preview of ${title}`}>
      <nav className="pdf-viewer__thumbnails" aria-label="Pages">
        {pdf &&
          pages.map((number) => (
            <button
              key={number}
              type="button"
              className={`pdf-viewer__thumbnail${number === pageNumber ? " pdf-viewer__thumbnail--active" : ""}`}
              aria-label={`Page ${number}`}
              aria-current={number === pageNumber ? "page" : undefined}
              onClick={() => setPageNumber(number)}
            >
              <PdfPageCanvas
                pdf={pdf}
                pageNumber={number}
                width={THUMBNAIL_WIDTH_PX}
                label={`Thumbnail of page ${number}`}
              />
              <span className="pdf-viewer__thumbnail-number">{number}</span>
            </button>
          ))}
      </nav>
      {/* The page scrolls inside its pane: focusable, so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="pdf-viewer__main" ref={mainRef} tabIndex={0} aria-label="Page shown">
        {!pdf ? (
          <Spin description="Loading preview…">
            <div className="pdf-viewer__loading" />
          </Spin>
        ) : (
          <>
            <Typography.Text type="secondary" className="pdf-viewer__page-count">
              Page {pageNumber} of {pdf.numPages}
            </Typography.Text>
            {mainWidth > 0 && (
              <PdfPageCanvas
                pdf={pdf}
                pageNumber={pageNumber}
                width={mainWidth}
                label={`Page ${pageNumber}`}
              />
            )}
          </>
        )}
      </section>
    </section>
  );
}
