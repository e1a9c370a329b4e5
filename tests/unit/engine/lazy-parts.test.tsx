// @vitest-environment jsdom
/**
 * A form waits for its lazily loaded widgets' code (`widgetsLoading`) and then shows whole: a
 * part whose code has arrived is drawn in the very render that first needs it. React.lazy would
 * suspend that render anyway, and React would reveal the part up to 300 ms after the rest of the
 * form, moving what is below it (a Continue button on its way under the pointer).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { FormFlow } from '../../../src/engine/form/flow';
import { lazyPart, widgetsLoading } from '../../../src/engine/form/theme/lazy';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Shown({ text }: { text: string }) {
  return <p>{text}</p>;
}

const flowUsing = (widget: string) => ({ fields: { field: { widget } } }) as unknown as FormFlow;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function mount(): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  return container;
}

describe('lazily loaded form parts', () => {
  it('draws a part whose code has arrived in the render that first needs it', async () => {
    let loads = 0;
    const Part = lazyPart<{ text: string }>(
      'textarea',
      async () => {
        loads += 1;
        return { Shown };
      },
      'Shown',
    );
    await widgetsLoading(flowUsing('textarea'));
    expect(widgetsLoading(flowUsing('textarea'))).toBeUndefined();
    const container = mount();
    flushSync(() => root!.render(<Part text="here at once" />));
    expect(container.textContent).toBe('here at once');
    expect(loads).toBe(1);
  });

  it('waits for code not yet here, then draws the part', async () => {
    let arrive: (module: Record<string, unknown>) => void = () => undefined;
    const Part = lazyPart<{ text: string }>(
      'money',
      () => new Promise((resolve) => (arrive = resolve)),
      'Shown',
    );
    const container = mount();
    await act(async () => root!.render(<Part text="after its code" />));
    expect(container.textContent).toBe('');
    await act(async () => arrive({ Shown }));
    expect(container.textContent).toBe('after its code');
  });

  it('asks again for code that failed to arrive when the part is drawn', async () => {
    let tries = 0;
    const Part = lazyPart<{ text: string }>(
      'planChoice',
      async () => {
        tries += 1;
        if (tries === 1) throw new Error('offline');
        return { Shown };
      },
      'Shown',
    );
    // The form does not wait again for code that failed (no loop of requests while offline)...
    await widgetsLoading(flowUsing('planChoice'));
    expect(tries).toBe(1);
    // ...the part asks for it once more when it is drawn.
    const container = mount();
    await act(async () => root!.render(<Part text="on the second try" />));
    expect(tries).toBe(2);
    expect(container.textContent).toBe('on the second try');
  });
});
