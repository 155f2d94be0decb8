"""The evaluation releases the GIL: another Python thread runs meanwhile."""
import threading

import ndcg_calc


def test_other_threads_run_while_the_core_evaluates():
    qrels = ''.join('q%d 0 d%d %d\n' % (q, d, (q + d) % 3) for q in range(300) for d in range(40))
    run = ''.join('q%d Q0 d%d 0 %d r\n' % (q, d, (q * d) % 17) for q in range(300) for d in range(400))
    stop = threading.Event()
    ticks = [0]

    def count():
        while not stop.is_set():
            ticks[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    try:
        spins, before = 0, None
        while spins < 5:  # a few calls, so one slow start cannot decide it
            before = ticks[0]
            ndcg_calc.evaluate(qrels, run, ['ndcg_cut.10', 'map', 'P.5'])
            if ticks[0] - before > 1000:
                break
            spins += 1
        assert ticks[0] - before > 1000, 'no other thread ran during evaluate()'
    finally:
        stop.set()
        counter.join()
