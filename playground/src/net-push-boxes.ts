/**
 * The networked demo page (`#net-push-boxes`): every browser tab is one player of a shared
 * push-boxes world run by the game server on `/net` of the page's own server (src/server, hosted
 * by `npm start`). The tab predicts its player from its keys and rolls back on each server
 * snapshot (rikigaku/net's PredictingClient); sliders add latency, jitter and loss to this tab's
 * link (ConditionedLink), and the readout shows rollbacks, re-simulated ticks, the correction size,
 * the traffic and the desync check. `window.__rikigakuNet` lets the browser test read and steer it.
 */
import { ConditionedLink } from '../../src/net/conditioned-link.js';
import { DeltaDecodingLink } from '../../src/net/delta-link.js';
import { joinStateSync } from '../../src/net/join.js';
import type { Link } from '../../src/net/link.js';
import type { WelcomeMessage } from '../../src/net/protocol.js';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';
import type { StateCheckLink } from '../../src/net/state-check.js';
import type { PredictingClient } from '../../src/net/state-sync.js';
import { WebSocketLink } from '../../src/net/websocket-link.js';
import { formatSig } from '../../src/render/format.js';
import { FixedStepRunner } from '../../src/sim/fixed-step.js';

/** The page's hash. */
export const NET_DEMO_ID = 'net-push-boxes';

const COLOURS = ['#d9480f', '#1971c2', '#2f9e44', '#9c36b5'];
const HALF = 8;

interface Session {
  socket: WebSocket;
  link: WebSocketLink;
  decoder: DeltaDecodingLink;
  tamper: TamperLink;
  cond: ConditionedLink;
  client?: PredictingClient<PushInput, PushBoxesGame>;
  check?: StateCheckLink<PushInput>;
  runner?: FixedStepRunner;
  error?: string;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = '') {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

/**
 * Passes messages through; once armed, moves the first body by a micrometre in the next state whose tick the server checks (every 30 ticks), so that the desync check has
 * something to find — a demonstration of the indicator, not a fault of the netcode.
 */
class TamperLink implements Link {
  onMessage: ((text: string) => void) | null = null;
  onClose: (() => void) | null = null;
  armed = false;

  constructor(private readonly inner: Link) {
    inner.onMessage = (text) => this.onMessage?.(this.armed ? this.tamper(text) : text);
    inner.onClose = () => this.onClose?.();
  }

  get closed(): boolean {
    return this.inner.closed;
  }

  send(text: string): void {
    this.inner.send(text);
  }

  close(): void {
    this.inner.close();
  }

  private tamper(text: string): string {
    const m = /^\{"t":"state","tick":(\d+),/.exec(text);
    if (!m || Number(m[1]) % 30 !== 0) return text;
    const msg = JSON.parse(text) as { state: { bodies: number[] } };
    msg.state.bodies[0]! += 1e-6;
    this.armed = false;
    return JSON.stringify(msg);
  }
}

/**
 * The lead that gets the client's inputs to the server before it simulates their tick: the
 * client runs `lead` ticks ahead of a state that is one trip old, and its input takes another
 * trip, so the lead must cover the round trip (with its jitter) and a margin.
 */
function leadFor(c: { latencyMs: number; jitterMs: number }): number {
  return Math.ceil((2 * c.latencyMs + c.jitterMs) / (1000 / 60)) + 4;
}

function gameFor(w: WelcomeMessage): PushBoxesGame {
  const bodies = (w.state as { bodies: number[] }).bodies.length / 7;
  return new PushBoxesGame({ players: w.players, crates: bodies - w.players });
}

/**
 * The sidebar entry of the page, placed after the demo list (it is not a registry demo), styled
 * like the list's links; returns the link, whose `active` class the router sets.
 */
export function addNetLink(list: HTMLElement): HTMLAnchorElement {
  const box = el('div', { id: 'net-link-group' });
  const h = el(
    'h2',
    {
      style:
        'font-size:11px;text-transform:uppercase;letter-spacing:0.08em;color:var(--muted);margin:14px 16px 4px',
    },
    'Networking (§26.5)',
  );
  const a = el(
    'a',
    { href: `#${NET_DEMO_ID}`, id: 'net-link', 'data-id': NET_DEMO_ID },
    'Push boxes over the network',
  );
  a.title = 'Every browser tab is a player in one shared world: prediction, rollback, latency and loss';
  a.style.cssText =
    'display:block;padding:3px 16px 3px 24px;color:var(--ink);text-decoration:none;font-size:14px';
  box.append(h, a);
  list.after(box);
  return a;
}

/** Marks the sidebar entry of the page as the open one, or not. */
export function markNetLink(a: HTMLAnchorElement, active: boolean): void {
  a.style.background = active ? 'var(--accent)' : '';
  a.style.color = active ? '#fff' : 'var(--ink)';
}

/** The page (see the file comment). */
export class NetPushBoxesPage {
  private section: HTMLElement | null = null;
  private canvas!: HTMLCanvasElement;
  private status!: HTMLElement;
  private figures!: HTMLElement;
  private desync!: HTMLElement;
  private session: Session | null = null;
  private conditions = { latencyMs: 0, jitterMs: 0, loss: 0 };
  private keys = new Set<string>();
  private pointer: { x: number; y: number } | null = null;
  private forced: PushInput | null = null;
  private visible = false;
  private last = 0;
  private loop = 0;
  /** per-second rates, from the counters a second ago */
  private rates = { rollbacks: 0, resimulated: 0, bytesIn: 0, bytesOut: 0, maxCorrection: 0 };
  private prev = { at: 0, rollbacks: 0, resimulated: 0, bytesIn: 0, bytesOut: 0 };
  private maxCorrection = 0;
  private seenRollbacks = 0;
  private lastSnapshot = 0;
  private lastWire = 0;
  /** ticks the client runs ahead of the newest server state */
  private lead = 6;

  constructor(private readonly host: HTMLElement) {}

  /** Opens the page and joins the room. */
  show(): void {
    if (!this.section) this.build();
    if (this.visible) return;
    this.section!.hidden = false;
    this.visible = true;
    document.title = 'Push boxes over the network — rikigaku';
    if (!this.session || this.session.link.closed) this.connect();
    if (!this.loop) this.loop = window.setInterval(() => this.tick(), 4);
    requestAnimationFrame(() => this.draw());
  }

  /** Hides the page and leaves the room; returns whether it was open. */
  hide(): boolean {
    if (!this.section || !this.visible) return false;
    this.section.hidden = true;
    this.visible = false;
    window.clearInterval(this.loop);
    this.loop = 0;
    this.session?.link.close();
    this.session = null;
    return true;
  }

  private build(): void {
    const s = el('section', { id: 'net-page' });
    const head = el('div', { class: 'head' });
    head.append(
      el('h1', {}, 'Push boxes over the network'),
      el(
        'p',
        {},
        'Every browser tab is one player in one shared world, run by the game server that npm start hosts. ' +
          'State synchronisation with client-side prediction and rollback (Bernier, 2001; textbook §26.5): your tab moves your disc ' +
          'at once from your keys; each server snapshot rolls the world back to the server’s state and re-simulates ' +
          'the inputs the server has not seen yet, and smoothing hides the jump. Add latency, jitter and loss to this ' +
          'tab’s connection with the sliders and watch the rollbacks and corrections grow. Arrow keys or WASD push ' +
          '(or hold the mouse where to push towards); open a second tab to play against yourself. The indicator compares ' +
          'the server’s hash of every 30th snapshot with the world this tab rebuilt from it.',
      ),
    );
    const bar = el('div', { class: 'toolbar' });
    this.status = el('span', { id: 'net-status', class: 'readout' }, 'connecting …');
    const reconnect = el('button', { type: 'button', id: 'net-reconnect' }, 'reconnect');
    reconnect.addEventListener('click', () => {
      this.session?.link.close();
      this.connect();
    });
    const inject = el('button', { type: 'button', id: 'net-inject' }, 'inject a desync');
    inject.title =
      'Changes one digit of the next checked snapshot this tab receives: the indicator must catch it';
    inject.addEventListener('click', () => {
      if (this.session) this.session.tamper.armed = true;
    });
    bar.append(reconnect, inject, this.status);
    const row = el('div', { style: 'display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start' });
    this.canvas = el('canvas', {
      id: 'net-view',
      width: '640',
      height: '640',
      tabindex: '0',
      style: 'width:min(480px,100%);aspect-ratio:1;border:1px solid #ccc;touch-action:none',
    });
    const side = el('div', { style: 'min-width:220px;font:13px/1.5 system-ui,sans-serif' });
    for (const [key, label, max, step, unit] of [
      ['latencyMs', 'latency (one way)', 300, 5, 'ms'],
      ['jitterMs', 'jitter (+0 … this)', 150, 5, 'ms'],
      ['loss', 'loss', 0.3, 0.01, ''],
    ] as const) {
      const id = `net-${key}`;
      const out = el('span', { id: `${id}-value` });
      const input = el('input', {
        type: 'range',
        id,
        min: '0',
        max: String(max),
        step: String(step),
        value: '0',
      });
      const show = () => {
        const v = Number(input.value);
        out.textContent = unit ? `${v} ${unit}` : `${Math.round(v * 100)} %`;
        this.conditions[key] = v;
        this.session?.cond.setConditions(this.conditions);
      };
      input.addEventListener('input', show);
      // a new lead takes a new client: re-join once the slider is let go
      input.addEventListener('change', () => this.relead());
      show();
      const lab = el('label', { for: id, style: 'display:block;margin-top:6px' }, `${label}: `);
      lab.append(out);
      side.append(lab, input);
    }
    this.desync = el('p', { id: 'net-desync', style: 'font-weight:600' }, '● waiting for the first check');
    this.figures = el('pre', {
      id: 'net-figures',
      style: 'font:12px/1.5 ui-monospace,monospace;margin:8px 0',
    });
    side.append(this.desync, this.figures);
    row.append(this.canvas, side);
    s.append(head, bar, row);
    this.host.append(s);
    this.section = s;

    const KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'w', 'a', 's', 'd'];
    window.addEventListener('keydown', (e) => {
      if (!this.visible || (e.target as HTMLElement).closest('input')) return;
      if (KEYS.includes(e.key)) {
        e.preventDefault();
        this.keys.add(e.key);
      }
    });
    window.addEventListener('keyup', (e) => this.keys.delete(e.key));
    window.addEventListener('blur', () => this.keys.clear());
    const toWorld = (e: PointerEvent) => {
      const r = this.canvas.getBoundingClientRect();
      const k = (2 * (HALF + 0.5)) / r.width;
      return { x: (e.clientX - r.left) * k - HALF - 0.5, y: HALF + 0.5 - (e.clientY - r.top) * k };
    };
    this.canvas.addEventListener('pointerdown', (e) => {
      this.canvas.setPointerCapture(e.pointerId);
      this.pointer = toWorld(e);
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (this.pointer) this.pointer = toWorld(e);
    });
    this.canvas.addEventListener('pointerup', () => {
      this.pointer = null;
    });

    window.__rikigakuNet = {
      state: () => {
        const c = this.session?.client;
        return {
          connected: !!c?.connected && !this.session!.link.closed,
          player: c?.player ?? -1,
          players: c?.game.players ?? 0,
          tick: c?.game.tick ?? 0,
          serverTick: c?.serverTick ?? -1,
          rollbacks: c?.rollbacks ?? 0,
          positions: c ? Array.from(c.game.positions()) : [],
          lead: this.lead,
          checked: this.session?.check?.checked ?? 0,
          desyncTick: this.session?.check?.desyncTick ?? null,
          error: this.session?.error ?? '',
        };
      },
      setInput: (x: number, y: number) => {
        this.forced = x === 0 && y === 0 ? null : { x, y };
      },
    };
  }

  private connect(): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/net?room=push-boxes&delta=1`;
    const socket = new WebSocket(url);
    const link = new WebSocketLink(socket);
    // snapshots come delta-compressed over the (lossless) socket: decode them below the simulated loss
    const decoder = new DeltaDecodingLink(link);
    // the join is reliable; the chosen conditions apply from the welcome on
    const cond = new ConditionedLink(decoder, { seed: (Math.random() * 2 ** 31) | 0 });
    const tamper = new TamperLink(cond);
    const session: Session = { socket, link, decoder, tamper, cond };
    this.session = session;
    this.maxCorrection = 0;
    this.seenRollbacks = 0;
    this.lead = leadFor(this.conditions);
    joinStateSync<PushInput, PushBoxesGame>(tamper, gameFor, { leadTicks: this.lead })
      .then((j) => {
        if (this.session !== session) return;
        cond.setConditions(this.conditions);
        session.client = j.client;
        session.check = j.check;
        session.runner = new FixedStepRunner({
          dt: j.welcome.dt,
          step: () => this.step(j.client),
        });
        this.last = performance.now();
        this.prev = { at: this.last, rollbacks: 0, resimulated: 0, bytesIn: 0, bytesOut: 0 };
      })
      .catch((e: Error) => {
        session.error =
          link.closeCode === 1013 || link.closeCode === 1006
            ? 'the room is full or the server is not running'
            : e.message;
      });
  }

  /** Re-joins when the conditions need another lead (the client's inputs must reach the server in time). */
  private relead(): void {
    const s = this.session;
    if (!s || leadFor(this.conditions) === this.lead) return;
    s.socket.addEventListener('close', () => {
      if (this.session === s && this.visible) this.connect();
    });
    s.link.close();
  }

  private step(client: PredictingClient<PushInput, PushBoxesGame>): void {
    // hold while the server is silent (do not run far ahead of it)
    if (client.game.tick - client.serverTick > 90) return;
    client.setInput(this.input(client));
    client.update();
  }

  private input(client: PredictingClient<PushInput, PushBoxesGame>): PushInput {
    if (this.forced) return this.forced;
    let x = 0;
    let y = 0;
    if (this.keys.has('ArrowLeft') || this.keys.has('a')) x -= 1;
    if (this.keys.has('ArrowRight') || this.keys.has('d')) x += 1;
    if (this.keys.has('ArrowUp') || this.keys.has('w')) y += 1;
    if (this.keys.has('ArrowDown') || this.keys.has('s')) y -= 1;
    if (this.pointer && x === 0 && y === 0) {
      const p = client.game.positions();
      const dx = this.pointer.x - p[2 * client.player]!;
      const dy = this.pointer.y - p[2 * client.player + 1]!;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d > 0.2) {
        x = dx / d;
        y = dy / d;
      }
    }
    const n = Math.sqrt(x * x + y * y);
    return n > 1 ? { x: x / n, y: y / n } : { x, y };
  }

  private tick(): void {
    const s = this.session;
    const now = performance.now();
    if (s?.runner) {
      s.runner.advance(Math.min(0.25, (now - this.last) / 1000));
      this.last = now;
    }
    // rollbacks happen as snapshots arrive; fold each one's correction into the second's largest
    const c0 = s?.client;
    if (c0 && c0.rollbacks !== this.seenRollbacks) {
      this.seenRollbacks = c0.rollbacks;
      this.maxCorrection = Math.max(this.maxCorrection, c0.lastCorrection);
    }
    if (s?.client && now - this.prev.at >= 1000) {
      const c = s.client;
      const dt = (now - this.prev.at) / 1000;
      this.rates = {
        rollbacks: (c.rollbacks - this.prev.rollbacks) / dt,
        resimulated: (c.resimulated - this.prev.resimulated) / dt,
        bytesIn: (s.link.bytesReceived - this.prev.bytesIn) / dt,
        bytesOut: (s.link.bytesSent - this.prev.bytesOut) / dt,
        maxCorrection: this.maxCorrection,
      };
      this.maxCorrection = 0;
      this.prev = {
        at: now,
        rollbacks: c.rollbacks,
        resimulated: c.resimulated,
        bytesIn: s.link.bytesReceived,
        bytesOut: s.link.bytesSent,
      };
      const d = s.decoder;
      this.lastSnapshot = d.states > 0 ? Math.round(d.charsOut / d.states) : 0;
      this.lastWire = d.states > 0 ? Math.round(d.charsIn / d.states) : 0;
      this.readout();
    } else if (!s?.client) this.readout();
  }

  private readout(): void {
    const s = this.session;
    const c = s?.client;
    if (!s || !c) {
      this.status.textContent = s?.error ? `not connected: ${s.error}` : 'connecting …';
      return;
    }
    if (s.link.closed) {
      this.status.textContent = `disconnected (code ${s.link.closeCode}); press reconnect`;
      return;
    }
    this.status.textContent = `player ${c.player + 1} of ${c.game.players} · server tick ${c.serverTick} · predicted tick ${c.game.tick} (lead ${this.lead} ticks)`;
    const r = this.rates;
    const kb = (b: number) => `${formatSig(b / 1024, 3)} KB/s`;
    this.figures.textContent = [
      `rollbacks        ${c.rollbacks}  (${formatSig(r.rollbacks, 3)}/s)`,
      `re-simulated     ${c.resimulated} ticks  (${formatSig(r.resimulated, 3)}/s)`,
      `correction       ${formatSig(r.maxCorrection, 3)} m  (largest in the last second)`,
      `received         ${kb(r.bytesIn)}`,
      `sent             ${kb(r.bytesOut)}`,
      `snapshot (mean)  ${this.lastSnapshot} B in full, ${this.lastWire} B as sent (delta)`,
      `lost (simulated) ${s.cond.lost} messages`,
    ].join('\n');
    const chk = s.check!;
    if (chk.desyncTick !== null) {
      this.desync.textContent = `● desync: the snapshot of tick ${chk.desyncTick} does not rebuild the server’s world`;
      this.desync.style.color = '#c92a2a';
    } else if (chk.checked > 0) {
      this.desync.textContent = `● in sync: ${chk.checked} server hashes matched (last at tick ${chk.lastGoodTick})`;
      this.desync.style.color = '#2f9e44';
    } else {
      this.desync.textContent = '● waiting for the first check';
      this.desync.style.color = '#868e96';
    }
  }

  private draw(): void {
    if (!this.visible) return;
    requestAnimationFrame(() => this.draw());
    const ctx = this.canvas.getContext('2d')!;
    const w = this.canvas.width;
    const k = w / (2 * (HALF + 0.5));
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, w);
    ctx.setTransform(k, 0, 0, -k, w / 2, w / 2);
    ctx.fillStyle = '#495057';
    for (const [cx, cy, hw, hh] of [
      [0, -HALF, HALF + 0.25, 0.25],
      [0, HALF, HALF + 0.25, 0.25],
      [-HALF, 0, 0.25, HALF],
      [HALF, 0, 0.25, HALF],
    ])
      ctx.fillRect(cx! - hw!, cy! - hh!, 2 * hw!, 2 * hh!);
    const c = this.session?.client;
    if (!c) return;
    const g = c.game;
    const p = c.renderPositions();
    ctx.lineWidth = 0.04;
    for (let b = g.players; b < g.bodies.length; b++) {
      ctx.save();
      ctx.translate(p[2 * b]!, p[2 * b + 1]!);
      ctx.rotate(g.world.getAngle(g.bodies[b]!));
      ctx.fillStyle = '#e9c46a';
      ctx.strokeStyle = '#8d6e1f';
      ctx.fillRect(-0.45, -0.45, 0.9, 0.9);
      ctx.strokeRect(-0.45, -0.45, 0.9, 0.9);
      ctx.restore();
    }
    for (let b = 0; b < g.players; b++) {
      ctx.beginPath();
      ctx.arc(p[2 * b]!, p[2 * b + 1]!, 0.5, 0, 2 * Math.PI);
      ctx.fillStyle = COLOURS[b % COLOURS.length]!;
      ctx.globalAlpha = b === c.player ? 1 : 0.55;
      ctx.fill();
      ctx.globalAlpha = 1;
      if (b === c.player) {
        ctx.strokeStyle = '#000';
        ctx.lineWidth = 0.08;
        ctx.stroke();
      }
    }
  }
}

declare global {
  interface Window {
    /** the networked demo's hook for the browser test */
    __rikigakuNet?: {
      state(): {
        connected: boolean;
        player: number;
        players: number;
        tick: number;
        serverTick: number;
        rollbacks: number;
        positions: number[];
        lead: number;
        checked: number;
        desyncTick: number | null;
        error: string;
      };
      /** overrides the keys with a push (0, 0: back to the keys) */
      setInput(x: number, y: number): void;
    };
  }
}
