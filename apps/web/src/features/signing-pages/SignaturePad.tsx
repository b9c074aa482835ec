import { Button, Flex, Typography } from "antd";
import { useEffect, useRef } from "react";

const PAD_HEIGHT_PX = 160;

/**
 * A drawing surface for a signature: mouse, pen and touch through pointer events (touch-action
 * none keeps the page from scrolling under the finger). Reports a PNG data URL after each stroke,
 * or null when cleared. Typing the signature is the keyboard's way to sign.
 */
export function SignaturePad({ onChange }: { onChange: (pngDataUrl: string | null) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    canvas.width = Math.floor(width * ratio);
    canvas.height = Math.floor(PAD_HEIGHT_PX * ratio);
    const context = canvas.getContext("2d");
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.2;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#10243e";
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext("2d");
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext("2d");
    const { x, y } = point(event);
    context?.lineTo(x, y);
    context?.stroke();
  };
  const end = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    drawn.current = true;
    onChange(event.currentTarget.toDataURL("image/png"));
  };
  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext("2d")?.clearRect(0, 0, canvas.width, canvas.height);
    drawn.current = false;
    onChange(null);
  };

  return (
    <Flex vertical gap={6}>
      <canvas
        ref={canvasRef}
        className="signing-page__pad"
        style={{ height: PAD_HEIGHT_PX }}
        role="img"
        aria-label="Signature drawing area: draw your signature with a mouse, pen or finger"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">Draw your signature above.</Typography.Text>
        <Button onClick={clear}>Clear</Button>
      </Flex>
    </Flex>
  );
}
