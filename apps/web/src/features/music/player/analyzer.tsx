import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { audioElement } from './engine';

/** Spec §9: the analyzer is 150 px tall, FFT size 1024, smoothing 0.7, with a rainbow gradient. */
const height = 150;
const fftSize = 1024;
const smoothing = 0.7;

interface AudioGraph {
  context: AudioContext;
  analyser: AnalyserNode;
}

let graph: AudioGraph | null = null;

/**
 * Routes the player's audio through an AnalyserNode, once per tab: a media element can be connected to
 * only one source node, and the graph must outlive this screen for the music to keep playing.
 */
function audioGraph(): AudioGraph {
  if (graph) return graph;
  const context = new AudioContext();
  const source = context.createMediaElementSource(audioElement());
  const analyser = context.createAnalyser();
  analyser.fftSize = fftSize;
  analyser.smoothingTimeConstant = smoothing;
  source.connect(analyser);
  analyser.connect(context.destination);
  graph = { context, analyser };
  return graph;
}

function rainbow(context: CanvasRenderingContext2D, width: number): CanvasGradient {
  const gradient = context.createLinearGradient(0, 0, width, 0);
  ['#ef4444', '#f97316', '#eab308', '#22c55e', '#06b6d4', '#3b82f6', '#8b5cf6'].forEach((colour, i, all) =>
    gradient.addColorStop(i / (all.length - 1), colour),
  );
  return gradient;
}

/**
 * The spectrum analyzer: bars drawn from the AnalyserNode on each animation frame while the music plays;
 * paused with it, and redrawn only once a second for visitors who prefer reduced motion.
 */
export default function Analyzer({ playing }: { playing: boolean }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const draw2d = canvas?.getContext('2d');
    if (!canvas || !draw2d || !playing) return;
    const { context, analyser } = audioGraph();
    // a context made before any gesture starts suspended; playing follows the visitor's click.
    void context.resume();
    const bins = new Uint8Array(analyser.frequencyBinCount);
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let frame = 0;
    let timer = 0;
    const draw = () => {
      const width = (canvas.width = canvas.clientWidth * devicePixelRatio);
      canvas.height = height * devicePixelRatio;
      analyser.getByteFrequencyData(bins);
      draw2d.clearRect(0, 0, width, canvas.height);
      draw2d.fillStyle = rainbow(draw2d, width);
      // The lower half of the bins holds nearly all of the music's energy.
      const shown = bins.length / 2;
      const bar = width / shown;
      for (let i = 0; i < shown; i++) {
        const h = ((bins[i] ?? 0) / 255) * canvas.height;
        draw2d.fillRect(i * bar, canvas.height - h, Math.max(1, bar - 1), h);
      }
      if (!reduced) frame = requestAnimationFrame(draw);
    };
    if (reduced) timer = window.setInterval(draw, 1000);
    draw();
    return () => {
      cancelAnimationFrame(frame);
      window.clearInterval(timer);
    };
  }, [playing]);

  return (
    <canvas
      ref={canvasRef}
      data-testid="analyzer"
      role="img"
      aria-label={t('music.analyzer')}
      className="block h-[150px] w-full rounded-lg bg-slate-900"
    />
  );
}
