/**
 * Runs `work` once the browser has painted its next frame; returns a cancel. An animation frame's callback runs
 * just before the frame is drawn, so a timer set from it runs only after the drawing.
 */
export function afterNextPaint(work: () => void): () => void {
  let cancel = () => cancelAnimationFrame(frame);
  const frame = requestAnimationFrame(() => {
    const timer = setTimeout(work, 0);
    cancel = () => clearTimeout(timer);
  });
  return () => cancel();
}
