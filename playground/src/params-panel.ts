/** The parameter panel (lil-gui), generated from the demo's declared params. */
import GUI from 'lil-gui';
import type { Demo, DemoParamValues } from '../../src/demos/types.js';

export class ParamsPanel {
  private gui: GUI | undefined;

  constructor(private readonly host: HTMLElement) {}

  /** Builds the panel for `demo`; `onChange` gets the full set of values after each edit. */
  show(demo: Demo, values: DemoParamValues, onChange: (values: DemoParamValues) => void): void {
    this.gui?.destroy();
    this.gui = undefined;
    const params = demo.params ?? [];
    if (params.length === 0) return;
    const gui = new GUI({ container: this.host, title: 'parameters', width: 260 });
    const model: DemoParamValues = { ...values };
    for (const p of params) {
      let c: ReturnType<GUI['add']>;
      if (p.kind === 'number') c = gui.add(model, p.key, p.min, p.max, p.step);
      else if (p.kind === 'boolean') c = gui.add(model, p.key);
      else c = gui.add(model, p.key, p.options);
      c.name(p.label ?? p.key);
      c.onFinishChange(() => onChange({ ...model }));
    }
    this.gui = gui;
  }
}
