#!/usr/bin/env python3
"""Tessera vs the GTK4 / Qt peers, one run: builds everything, runs each program under a *fresh* Xvfb
(1280x800x24) per run wrapped in /usr/bin/time -v (peak RSS) with a timeout, and prints a markdown
table of every figure, Tessera/peer ratios and the issue's targets. Adapted from the peerbench harness
(run_bench.py); see bench/README.md.

Usage: python3 bench/run.py [--ns 1000,100000] [--tessera-ns 1000,100000,1000000] [--reps 5] [--warmup 1]
                            [--timeout 60] [--tessera-timeout 240] [--display 78] [--only 'SUBSTR[;SUBSTR]'] [--layout-items 1000000]
                            [--no-build] [--no-floor] [--out bench/results]
Writes <out>/latest.md (the report) and <out>/latest.jsonl (one record per run).
"""
import datetime, json, os, platform, re, shutil, signal, statistics, subprocess, sys, time

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH)
PEERS = os.path.join(BENCH, 'peers')
args = sys.argv[1:]


def opt(name, default):
    return args[args.index(name) + 1] if name in args else default


def ints(s):
    return [int(x) for x in s.split(',') if x.strip()]


NS = ints(opt('--ns', '1000,100000'))
TESSERA_NS = ints(opt('--tessera-ns', ','.join(str(n) for n in sorted(set(NS + [1000000])))))
# Five: a run's move is one sample and its p99 the third-worst of 300 frames, both at the mercy of
# whatever else the host runs; the median of five shrugs off two disturbed runs.
REPS = int(opt('--reps', 5))
WARMUP = int(opt('--warmup', 1))
TIMEOUT = int(opt('--timeout', 60))
# Tessera's default script runs every path (scroll, move, drags, folder, group, keyboard, undo,
# layout switches, masonry, drop, resize, board, touch): over a minute of paced frames at 1M, so it
# gets a watchdog and a timeout of its own (the peers keep PEERBENCH_WATCHDOG's 55 s).
TESSERA_TIMEOUT = int(opt('--tessera-timeout', 240))
DISPLAY_NUM = int(opt('--display', 78))
ONLY = [s for s in opt('--only', '').split(';') if s]
LAYOUT_ITEMS = int(opt('--layout-items', 1000000))
BUILD = '--no-build' not in args
# A tessera binary built elsewhere (with --no-build), e.g. from a second scratch path.
TESSERA_BIN = opt('--tessera-bin', None)
FLOOR = '--no-floor' not in args
OUT = os.path.abspath(opt('--out', os.path.join(BENCH, 'results')))
os.makedirs(OUT, exist_ok=True)

GTK = os.path.join(PEERS, 'gtk/gtk_peer')
QTCPP = os.path.join(PEERS, 'qt/qt_peer_cpp')
STARTUP_FLOOR = os.path.join(PEERS, 'floor/startup_floor')
FLOOR_PROBE = os.path.join(PEERS, 'floor/floor')
TESSERA_LABEL = 'Tessera (Swift, cairo image + MIT-SHM)'


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def tessera_bin():
    return os.path.join(subprocess.run(['swift', 'build', '-c', 'release', '--show-bin-path'], cwd=REPO,
                                       capture_output=True, text=True, check=True).stdout.strip(), 'tessera')


STORE_LABEL = 'Tessera from its store (--state, first screen then the rest)'


def store_of(tessera, n):
    """A store of n generated items, made once per run directory by `tessera bench --script store`
    (which writes it when missing): start-up from a user's own collection, not generated items."""
    path = os.path.join(OUT, '.stores', '%d.db' % n)
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        log('store: making %s' % path)
        subprocess.run([tessera, 'bench', '--script', 'store', '--items', str(n), '--state', path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return path


# (label, argv builder, extra env, which Ns (None = NS), kind)
def configs(tessera):
    return [
        (TESSERA_LABEL, lambda n: [tessera, 'bench', '--items', str(n)],
         {'PEERBENCH_WATCHDOG': str(TESSERA_TIMEOUT - 10)}, TESSERA_NS, 'tessera'),
        # From a store: what its row shows (start-up, the whole collection, scroll, move, RSS).
        (STORE_LABEL, lambda n: [tessera, 'bench', '--state', store_of(tessera, n), '--script', 'scroll'], {},
         TESSERA_NS, 'tessera'),
        ('gtk4 GridView (C, cairo)', lambda n: [GTK, 'grid', str(n)], {'GSK_RENDERER': 'cairo'}, None, 'peer'),
        ('Qt6.4 QListView (C++, icon, natural)', lambda n: [QTCPP, str(n)], {}, None, 'peer'),
        ('Qt6.4 QListView (C++, paint, full)',
         lambda n: [QTCPP, str(n), '--delegate', 'paint', '--repaint', 'full'], {}, None, 'peer'),
        ('floor: spawn -> first SHM cairo frame (C)', lambda n: [STARTUP_FLOOR], {}, [NS[0]], 'floor'),
    ]


def build(tessera_needed=True):
    t = time.monotonic()
    if tessera_needed:
        # As scripts/run.sh builds it for users (the Swift runtime linked in, hot code laid out
        # together: see scripts/build-release.sh).
        log('build: scripts/build-release.sh')
        built = subprocess.run([os.path.join(REPO, 'scripts', 'build-release.sh')], cwd=REPO,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if built.returncode != 0:
            sys.stderr.write(built.stderr)
            raise SystemExit('bench: the release build failed')
    for b in ('gtk/build.sh', 'qt/build.sh', 'floor/build.sh'):
        log('build: bench/peers/' + b)
        subprocess.run([os.path.join(PEERS, b)], check=True)
    log('build: done in %.0f s' % (time.monotonic() - t))


def start_xvfb():
    sock = '/tmp/.X11-unix/X%d' % DISPLAY_NUM
    if os.path.exists(sock):
        raise RuntimeError('display :%d is in use (%s); pick another with --display' % (DISPLAY_NUM, sock))
    # -noreset: by default a server resets when its last client leaves, and the readiness probe
    # below is a client. A program started right after it waited for that reset (the keymap
    # compiled again): the floor program's start-up read 31-34 ms instead of 15, and a program
    # that connects later in its start-up (Tessera) hid the wait. A desktop's server never resets
    # under a running session.
    p = subprocess.Popen(['Xvfb', ':%d' % DISPLAY_NUM, '-screen', '0', '1280x800x24', '-nolisten', 'tcp', '-noreset'],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(250):
        if os.path.exists(sock) and subprocess.run(['xdpyinfo', '-display', ':%d' % DISPLAY_NUM],
                                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
            return p
        time.sleep(0.02)
    stop(p)
    raise RuntimeError('Xvfb did not start')


def proc_hwm_kb(pid):
    try:
        for line in open('/proc/%d/status' % pid):
            if line.startswith('VmHWM:'):
                return int(line.split()[1])
    except OSError:
        pass
    return -1


def stop(p):
    if p.poll() is None:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    # Xvfb removes its socket on exit; wait for that so the next run can take the display
    sock = '/tmp/.X11-unix/X%d' % DISPLAY_NUM
    for _ in range(100):
        if not os.path.exists(sock):
            break
        time.sleep(0.02)


def start_dbus():
    out = subprocess.run(['dbus-daemon', '--session', '--fork', '--print-address=1', '--print-pid=1'],
                         capture_output=True, text=True).stdout.split('\n')
    return out[0].strip(), int(out[1].strip())


def stop_dbus(dbus_pid):
    """End the session bus we started and what it activated (at-spi bus launcher and its bus)."""
    kids = subprocess.run(['pgrep', '-P', str(dbus_pid)], capture_output=True, text=True).stdout.split()
    for k in kids:
        for g in subprocess.run(['pgrep', '-P', k], capture_output=True, text=True).stdout.split():
            try: os.kill(int(g), signal.SIGTERM)
            except OSError: pass
        try: os.kill(int(k), signal.SIGTERM)
        except OSError: pass
    try: os.kill(dbus_pid, signal.SIGTERM)
    except OSError: pass


def display_env(base_env, extra_env=None):
    """The environment of a program on the benchmark's display."""
    env = dict(base_env)
    env.update(extra_env or {})
    env['DISPLAY'] = ':%d' % DISPLAY_NUM
    return env


def run_one(label, argv, extra_env, base_env):
    xv = start_xvfb()
    env = display_env(base_env, extra_env)
    tfile = os.path.join(OUT, '.time.txt')
    rec = {'label': label, 'argv': ' '.join(os.path.relpath(a, REPO) if a.startswith(REPO) else a for a in argv)}
    env['PEERBENCH_T0_NS'] = str(time.time_ns())      # CLOCK_REALTIME, as the programs read it
    t0 = time.monotonic()
    p = subprocess.Popen(['/usr/bin/time', '-v', '-o', tfile] + argv, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        so, se = p.communicate(timeout=TESSERA_TIMEOUT if 'PEERBENCH_WATCHDOG' in extra_env else TIMEOUT)
        rec['rc'] = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        so, se = p.communicate()
        rec['rc'] = 'timeout'
    rec['wall_s'] = round(time.monotonic() - t0, 2)
    rec['xvfb_hwm_mb'] = round(proc_hwm_kb(xv.pid) / 1024, 1)
    stop(xv)
    for line in so.splitlines():
        if line.startswith('{'):
            try:
                rec.update(json.loads(line))
            except ValueError:
                rec['bad_json'] = line[:200]
    try:
        m = re.search(r'Maximum resident set size \(kbytes\): (\d+)', open(tfile).read())
        if m:
            rec['rss_mb'] = round(int(m.group(1)) / 1024, 1)
        os.remove(tfile)
    except OSError:
        pass
    if rec['rc'] != 0:
        rec['stderr_tail'] = se[-400:]
    return rec


def run_plain(argv, env):
    """A program without a window (the layout bench) under /usr/bin/time -v."""
    tfile = os.path.join(OUT, '.time.txt')
    p = subprocess.run(['/usr/bin/time', '-v', '-o', tfile] + argv, env=env, capture_output=True, text=True,
                       timeout=TIMEOUT * 3)
    rec = {'rc': p.returncode}
    for line in p.stdout.splitlines():
        if line.startswith('{'):
            rec.update(json.loads(line))
    m = re.search(r'Maximum resident set size \(kbytes\): (\d+)', open(tfile).read())
    if m:
        rec['rss_mb'] = round(int(m.group(1)) / 1024, 1)
    os.remove(tfile)
    if p.returncode != 0:
        rec['stderr_tail'] = p.stderr[-400:]
    return rec


# Motion to screen: a drag driven through XTest (xdotool) in the app itself, not the bench loop: press
# on the first tile, hold past the lift, then 150 motions 16 ms apart over the grid (two neighbours'
# reorders on the way), release. The app's TESSERA_FRAME_STATS summary (written when SIGTERM ends it)
# gives, for each motion that moved something on screen, the time from the server's stamp on it to
# the end of presenting the frame that first showed it; the target is one frame interval + 2 ms.
MOTION_STEPS = 150


def motion_path():
    cmd = ['xdotool', 'mousemove', '64', '90', 'mousedown', '1', 'sleep', '0.8']
    for i in range(MOTION_STEPS):
        t = i / (MOTION_STEPS - 1)
        x = 64 + int(520 * t)
        y = 90 + int(300 * t * t)
        cmd += ['mousemove', str(x), str(y), 'sleep', '0.016']
    return cmd + ['sleep', '0.3', 'mouseup', '1', 'sleep', '0.6']


def run_motion(tessera, n, base_env):
    xv = start_xvfb()
    home = os.path.join(OUT, '.motion-home')
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    env = display_env(base_env, {'TESSERA_FRAME_STATS': '1', 'HOME': home})
    rec = {'label': 'motion', 'n': n}
    app = subprocess.Popen([tessera, '--items', str(n)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True, start_new_session=True)
    try:
        found = subprocess.run(['xdotool', 'search', '--sync', '--onlyvisible', '--name', '^Tessera$'], env=env,
                               capture_output=True, text=True, timeout=TIMEOUT)
        if found.returncode != 0:
            raise RuntimeError('no Tessera window')
        # The first screen is up; at 1M the rest of the collection arrives within the second.
        time.sleep(0.5 if n < 1000000 else 1.5)
        subprocess.run(motion_path(), env=env, check=True, timeout=TIMEOUT)
        app.send_signal(signal.SIGTERM)
        _, err = app.communicate(timeout=TIMEOUT)
        rec['rc'] = app.returncode
    except (subprocess.TimeoutExpired, subprocess.CalledProcessError, RuntimeError) as e:
        try:
            os.killpg(app.pid, signal.SIGKILL)
        except OSError:
            pass
        _, err = app.communicate()
        rec['rc'] = 'failed: %s' % e
    finally:
        stop(xv)
        shutil.rmtree(home, ignore_errors=True)
    summary = next((l for l in err.splitlines() if l.startswith('tessera: frame-stats total')), '')
    for key in ('motion_to_screen_ms_median', 'motion_to_screen_ms_p99', 'motion_to_screen_ms_max',
                'motion_to_screen_n', 'frame_interval_ms'):
        m = re.search(r'\b%s=([0-9.]+)' % key, summary)
        if m:
            rec[key] = float(m.group(1))
    if rec['rc'] != 0 or 'motion_to_screen_n' not in rec:
        rec['stderr_tail'] = err[-400:]
    return rec


def motion_table(motion):
    """Motion to screen at each N: medians of the runs' median / p99 / max, against one frame
    interval (the app's, from RandR: 60 Hz on Xvfb) + 2 ms."""
    lines = ['| N | median ms | p99 ms | max ms | motions shown | frame interval ms | target ms | targets |',
             '|---|---|---|---|---|---|---|---|']
    for n, recs in sorted(motion.items()):
        ok = [r for r in recs if r.get('rc') == 0 and 'motion_to_screen_n' in r]
        if not ok:
            lines.append('| %s | — | — | — | — | — | — | failed |' % human(n))
            continue
        m, p, x = med(ok, 'motion_to_screen_ms_median'), med(ok, 'motion_to_screen_ms_p99'), med(ok, 'motion_to_screen_ms_max')
        interval = med(ok, 'frame_interval_ms') or 1000.0 / 60
        target = interval + 2
        lines.append('| %s | %s | %s | %s | %s | %s | %s | %s |' % (
            human(n), fmt(m, 1), fmt(p, 1), fmt(x, 1), fmt(med(ok, 'motion_to_screen_n'), 0), fmt(interval, 2),
            fmt(target, 1), 'met' if p is not None and p <= target else '**not met**'))
    return lines


def run_floor_probe(base_env, paced_only=False):
    if not os.access(FLOOR_PROBE, os.X_OK):
        log('no floor probe (run bench/peers/floor/build.sh, or leave out --no-build)')
        return ''
    xv = start_xvfb()
    env = display_env(base_env)
    try:
        p = subprocess.run([FLOOR_PROBE, '300'] + (['paced'] if paced_only else []), env=env, capture_output=True, text=True, timeout=TIMEOUT * 2)
        return p.stdout
    except subprocess.TimeoutExpired:
        return 'floor probe timed out\n'
    finally:
        stop(xv)


# ---------------------------------------------------------------------------------------------- report

def med(recs, key):
    v = [r[key] for r in recs if isinstance(r.get(key), (int, float)) and not isinstance(r.get(key), bool)
         and r.get(key, -1) >= 0]
    return statistics.median(v) if v else None


def fmt(x, d=1):
    return '—' if x is None else ('%.*f' % (d, x))


def ok_runs(recs):
    return [r for r in recs if r.get('rc') == 0 and ('work_median_ms' in r or 'startup_ms' in r)]


TABLE_HEAD = ('| program | N | startup ms | populate ms | scroll work median ms | p99 ms | frame interval median/p99 ms '
              '| move 0→N/2: model op ms | move: op+relayout+frame ms | drag work median / p99 / max ms '
              '| drag frames > 16.7 ms | peak RSS MB | Xvfb peak MB | frames | runs |')


def main_table(results):
    lines = [TABLE_HEAD, '|' + '---|' * 15]
    for (label, n), recs in results.items():
        ok = ok_runs(recs)
        if not ok:
            last = recs[-1] if recs else {}
            what = 'TIMEOUT after %.0f s' % last.get('wall_s', 0) if last.get('rc') == 'timeout' else \
                'FAILED rc=%s' % last.get('rc', '?')
            lines.append('| %s | %d | %s |%s' % (label, n, what, ' |' * 12))
            continue
        drag = '—'
        if med(ok, 'drag_work_median_ms') is not None:
            drag = '%s / %s / %s' % (fmt(med(ok, 'drag_work_median_ms'), 2), fmt(med(ok, 'drag_work_p99_ms'), 2),
                                     fmt(med(ok, 'drag_work_max_ms'), 1))
        lines.append('| %s | %d | %s | %s | %s | %s | %s / %s | %s | %s | %s | %s | %s | %s | %s | %d |' % (
            label, n, fmt(med(ok, 'startup_ms'), 0), fmt(med(ok, 'populate_ms'), 0),
            fmt(med(ok, 'work_median_ms'), 2), fmt(med(ok, 'work_p99_ms'), 2),
            fmt(med(ok, 'interval_median_ms'), 1), fmt(med(ok, 'interval_p99_ms'), 1),
            fmt(med(ok, 'move_model_ms'), 2), fmt(med(ok, 'move_work_ms'), 1), drag,
            fmt(med(ok, 'drag_frames_over_16_7'), 0), fmt(med(ok, 'rss_mb'), 0), fmt(med(ok, 'xvfb_hwm_mb'), 0),
            fmt(med(ok, 'frames'), 0), len(ok)))
    return lines


RATIO_KEYS = [('startup_ms', 'startup'), ('populate_ms', 'populate'), ('work_median_ms', 'scroll work median'),
              ('work_p99_ms', 'scroll work p99'), ('move_model_ms', 'move model op'),
              ('move_work_ms', 'move op+relayout+frame'), ('rss_mb', 'peak RSS')]


def ratio_table(results):
    lines = ['| N | Tessera ÷ | ' + ' | '.join(name for _, name in RATIO_KEYS) + ' |',
             '|' + '---|' * (len(RATIO_KEYS) + 2)]
    for (label, n), recs in results.items():
        if label == TESSERA_LABEL or label.startswith('floor'):
            continue
        t = ok_runs(results.get((TESSERA_LABEL, n), []))
        p = ok_runs(recs)
        cells = []
        for key, _ in RATIO_KEYS:
            a, b = med(t, key), med(p, key)
            cells.append('—' if a is None or b is None or b <= 0 else '%.2fx' % (a / b))
        lines.append('| %d | %s | %s |' % (n, label, ' | '.join(cells)))
    return lines


def targets(results, layout):
    """The issue's targets, each marked met / not met from this run's medians."""
    t = {n: ok_runs(recs) for (label, n), recs in results.items() if label == TESSERA_LABEL}
    rows = []

    def row(what, target, measured, met):
        rows.append('| %s | %s | %s | %s |' % (what, target, measured, '—' if met is None else ('met' if met else '**not met**')))

    def per_n(key, limit, digits=2):
        vals = [(n, med(recs, key)) for n, recs in sorted(t.items())]
        shown = ', '.join('%s: %s' % (human(n), fmt(v, digits)) for n, v in vals)
        known = [v for _, v in vals if v is not None]
        return shown, (all(v <= limit for v in known) if known else None)

    s, m = per_n('work_median_ms', 1.0)
    row('scroll work median, flat 1k..1M', '≤ 1.0 ms', s, m)
    s, m = per_n('work_p99_ms', 2.5)
    row('scroll work p99, flat 1k..1M', '≤ 2.5 ms', s, m)
    at100k = t.get(100000, [])
    v = med(at100k, 'startup_ms')
    # The target was set where the floor program took 15-20 ms: show this machine's, measured alongside.
    floor = [med(ok_runs(recs), 'startup_ms') for (label, n), recs in results.items() if label.startswith('floor')]
    floor = [f for f in floor if f is not None]
    shown = fmt(v, 0) + (' (floor program here: %s)' % fmt(min(floor), 0) if floor else '')
    row('startup at 100k (spawn → first presented frame)', '≤ 40 ms', shown, None if v is None else v <= 40)
    v = med(at100k, 'rss_mb')
    row('peak RSS at 100k', '≤ 40 MB', fmt(v, 0), None if v is None else v <= 40)
    v = med(at100k, 'move_work_ms')
    row('move 0→N/2 op+relayout+frame at 100k', '≤ 2 ms', fmt(v, 2), None if v is None else v <= 2)
    s, m = per_n('drag_work_median_ms', 2.0)
    row('drag frame work median', '≤ 2 ms', s, m)
    s, m = per_n('drag_work_p99_ms', 4.0)
    row('drag frame work p99', '≤ 4 ms', s, m)
    s, m = per_n('drag_work_max_ms', 1000.0 / 60, 1)
    row('drag frame work max (none > 16.7 ms)', '≤ 16.7 ms', s, m)
    # A folder open over the collection: its frames must not grow with N (engine issue 14).
    small, large = t.get(1000, []), t.get(1000000, [])
    for key, name in (('folder_work_median_ms', 'median'), ('folder_work_p99_ms', 'p99'), ('folder_work_max_ms', 'max')):
        a, b = med(small, key), med(large, key)
        shown = '1k: %s, 1M: %s' % (fmt(a, 2), fmt(b, 2)) + ('' if a is None or b is None or a <= 0 else ' (%.2fx)' % (b / a))
        row('folder path frame work %s, 1M within 1.2x of 1k' % name, '≤ 1.2x', shown,
            None if a is None or b is None else b <= 1.2 * a)
    for key, name in (('layout_1m_flow_ms', 'flow'), ('layout_1m_masonry_ms', 'masonry')):
        v = med(layout, key)
        row('layout of 1M items, %s' % name, '≤ 100 ms', fmt(v, 1), None if v is None else v <= 100)
    # From the user's own store (issue 16): start-up against the floor program of the same run,
    # 1M's start-up and the whole collection's arrival, peak RSS at 100k.
    store = {n: ok_runs(recs) for (label, n), recs in results.items() if label == STORE_LABEL}
    fl = min(floor) if floor else None
    for n, ratio in ((1000, 1.1), (100000, 1.5)):
        v = med(store.get(n, []), 'startup_ms')
        shown = '%s ms, floor %s ms' % (fmt(v, 1), fmt(fl, 1)) + ('' if v is None or not fl else ' (%.2fx)' % (v / fl))
        row('store start-up at %s ÷ floor program' % human(n), '≤ %.1fx' % ratio, shown,
            None if v is None or not fl else v <= ratio * fl)
    v = med(store.get(1000000, []), 'startup_ms')
    row('store start-up at 1M', '≤ 400 ms', fmt(v, 0), None if v is None else v <= 400)
    v = med(store.get(1000000, []), 'store_whole_ms')
    row('store at 1M: the whole collection in', '≤ 1000 ms', fmt(v, 0), None if v is None else v <= 1000)
    v = med(store.get(100000, []), 'rss_mb')
    row('store at 100k: peak RSS', '≤ 45 MB', fmt(v, 1), None if v is None else v <= 45)
    return ['| target | goal | measured (median of runs) | status |', '|---|---|---|---|'] + rows


def human(n):
    return '%dM' % (n // 1000000) if n >= 1000000 and n % 1000000 == 0 else (
        '%dk' % (n // 1000) if n >= 1000 and n % 1000 == 0 else str(n))


def tessera_sections(results):
    keys = [('scroll_engine_median_ms', 'scroll: engine'), ('scroll_render_median_ms', 'scroll: render'),
            ('scroll_present_median_ms', 'scroll: present+XSync'), ('drag_engine_median_ms', 'drag: engine'),
            ('drag_engine_max_ms', 'drag: engine max'), ('drag_render_median_ms', 'drag: render'),
            ('drag_present_median_ms', 'drag: present+XSync'), ('layout_ms', 'initial layout'),
            ('move_relayout_ms', 'move: relayout'), ('drag_reorder_frame_max_ms', 'drag: reorder frame max'),
            ('first_frame_ms', 'first frame'), ('main_to_frame_ms', 'main → first frame'),
            ('folder_work_median_ms', 'folder: work'), ('folder_work_p99_ms', 'folder: work p99'),
            ('folder_work_max_ms', 'folder: work max'), ('folder_engine_max_ms', 'folder: engine max')]
    lines = ['| N | ' + ' | '.join(k[1] + ' ms' for k in keys) + ' |', '|' + '---|' * (len(keys) + 1)]
    for (label, n), recs in results.items():
        if label != TESSERA_LABEL:
            continue
        ok = ok_runs(recs)
        lines.append('| %d | %s |' % (n, ' | '.join(fmt(med(ok, k), 2) for k, _ in keys)))
    return lines


PATHS = [('work', 'scroll'), ('drag_work', 'drag'), ('folder_work', 'folder'), ('group_work', 'group 50'),
         ('keyboard_work', 'keyboard move'), ('undo_move_work', 'undo/redo move'), ('undo_folder_work', 'undo/redo folder drop'),
         ('layouts_work', 'layout switches'), ('masonry_work', 'masonry drag'), ('resize_work', '50 resizes in a drag'),
         ('board_work', 'board, 3 lists'), ('drop_files_work', '10,000 files dropped on masonry'),
         ('drop_end_work', 'the same at the end')]


def paced_floor_lines(floor_text):
    """The floor of a whole-window frame on this machine when frames come a frame apart, as the
    benchmark paces them (bench/peers/floor/floor.c, rows 8 and 9): what every frame that repaints
    the whole window (a layout switch, a folder opening) is measured against."""
    rows = []
    for name in ('window copied into SHM + put, 16.7 ms apart', 'cells(toy) into SHM + put, 16.7 ms apart'):
        m = re.search(re.escape(name) + r'\s+median\s+([0-9.]+) ms\s+p99\s+([0-9.]+) ms', floor_text or '')
        if m:
            rows.append('%s: median %s ms, p99 %s ms' % (name, m.group(1), m.group(2)))
    if not rows:
        return []
    return ['', 'Whole-window frames on this machine, frames 16.7 ms apart as above, from a C program '
            '(bench/peers/floor/floor 300 paced): ' + '; '.join(rows) + '.']


def paths_table(results):
    """Every path Tessera's benchmark times, at each N: frame work median / p99 / max and frames over
    16.7 ms (issue 20's targets: median ≤ 2, p99 ≤ 4, none over 16.7)."""
    lines = ['| path | N | median ms | p99 ms | max ms | frames > 16.7 ms | targets |', '|---|---|---|---|---|---|---|']
    for key, name in PATHS:
        for (label, n), recs in sorted(results.items(), key=lambda kv: kv[0][1]):
            if label != TESSERA_LABEL:
                continue
            ok = ok_runs(recs)
            m, p, x = med(ok, key + '_median_ms'), med(ok, key + '_p99_ms'), med(ok, key + '_max_ms')
            over_key = ('frames_over_16_7' if key == 'work' else key.replace('_work', '') + '_frames_over_16_7')
            over = med(ok, over_key)
            if m is None:
                continue
            met = m <= 2 and (p is None or p <= 4) and (x is None or x <= 1000.0 / 60)
            lines.append('| %s | %s | %s | %s | %s | %s | %s |' % (name, human(n), fmt(m, 2), fmt(p, 2), fmt(x, 1),
                                                               fmt(over, 0), 'met' if met else '**not met**'))
    return lines


def main():
    if BUILD:
        build()
    tessera = TESSERA_BIN or tessera_bin()
    base_env = dict(os.environ)
    for k in ('GSK_RENDERER', 'PEERBENCH_FRAMES', 'PEERBENCH_STEP', 'PEERBENCH_T0_NS'):
        base_env.pop(k, None)
    xdg = os.path.join(OUT, '.xdg-runtime')
    os.makedirs(xdg, mode=0o700, exist_ok=True)
    base_env['XDG_RUNTIME_DIR'] = xdg
    base_env['TESSERA_ASSETS'] = os.path.join(REPO, 'assets')
    addr, dbus_pid = start_dbus()
    base_env['DBUS_SESSION_BUS_ADDRESS'] = addr
    raw = open(os.path.join(OUT, 'latest.jsonl'), 'w')
    results, layout, floor_text, motion = {}, [], '', {}
    started = time.monotonic()
    try:
        all_ns = sorted(set(NS + TESSERA_NS))
        for n in all_ns:
            for label, argv_of, extra, ns, kind in configs(tessera):
                if n not in (ns if ns is not None else NS):
                    continue
                if ONLY and not any(s.lower() in label.lower() for s in ONLY):
                    continue
                recs = []
                reps = WARMUP + (REPS if kind != 'floor' else max(REPS, 3))
                for r in range(reps):
                    rec = run_one(label, argv_of(n), extra, base_env)
                    rec['rep'] = r - WARMUP
                    rec['n'] = n
                    log('%-45s N=%-7d rep %2d: rc=%s startup=%s work=%s/%s move=%s drag=%s/%s/%s rss=%s' % (
                        label[:45], n, r - WARMUP, rec.get('rc'), rec.get('startup_ms'), rec.get('work_median_ms'),
                        rec.get('work_p99_ms'), rec.get('move_work_ms'), rec.get('drag_work_median_ms'),
                        rec.get('drag_work_p99_ms'), rec.get('drag_work_max_ms'), rec.get('rss_mb')))
                    raw.write(json.dumps(rec) + '\n')
                    raw.flush()
                    if rec['rc'] != 0:
                        recs.append(rec)   # don't repeat a config that times out / fails
                        break
                    if r >= WARMUP:
                        recs.append(rec)
                results[(label, n)] = recs
        if not ONLY or any(s.lower() in 'tessera motion to screen' for s in ONLY):
            for n in TESSERA_NS:
                recs = []
                for r in range(WARMUP + REPS):
                    rec = run_motion(tessera, n, base_env)
                    rec['rep'] = r - WARMUP
                    log('tessera motion to screen N=%-7d rep %2d: %s' % (n, r - WARMUP, json.dumps(rec)))
                    raw.write(json.dumps(rec) + '\n')
                    raw.flush()
                    if r >= WARMUP:
                        recs.append(rec)
                motion[n] = recs
        if not ONLY or any('layout' in s.lower() for s in ONLY):
            for r in range(WARMUP + REPS):
                rec = run_plain([tessera, 'bench', '--script', 'layout', '--layout-items', str(LAYOUT_ITEMS)], base_env)
                rec['rep'] = r - WARMUP
                log('tessera layout %d items rep %d: %s' % (LAYOUT_ITEMS, r - WARMUP, json.dumps(rec)))
                raw.write(json.dumps(rec) + '\n')
                if r >= WARMUP and rec['rc'] == 0:
                    layout.append(rec)
        if FLOOR and (not ONLY or any('tessera' in s.lower() for s in ONLY)):
            log('floor probe (bench/peers/floor/floor 300%s)' % (' paced' if ONLY else ''))
            floor_text = run_floor_probe(base_env, paced_only=bool(ONLY))
    finally:
        stop_dbus(dbus_pid)
        raw.close()
    report = write_report(results, layout, floor_text, time.monotonic() - started, motion)
    print(report)


def write_report(results, layout, floor_text, seconds, motion=None):
    commit = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=REPO, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(['git', 'status', '--porcelain', '--untracked-files=no'], cwd=REPO, capture_output=True,
                           text=True).stdout.strip()
    cpu = ''
    try:
        cpu = next(l.split(':', 1)[1].strip() for l in open('/proc/cpuinfo') if l.startswith('model name'))
    except (OSError, StopIteration):
        pass
    out = ['# Tessera vs GTK4 / Qt peers',
           '',
           '%s · commit %s%s · %s · %d CPUs (%s) · Xvfb 1280x800x24, fresh per run · %d warm-up + %d reps, medians · %.0f s' % (
               datetime.datetime.now().strftime('%Y-%m-%d %H:%M'), commit or '?', ' (+local changes)' if dirty else '',
               platform.platform(terse=True), os.cpu_count() or 0, cpu or '?', WARMUP, REPS, seconds),
           '',
           'Scroll: 300 frames, +16 px per 16 ms tick; work = tick → presented + X round trip. Move: item 0 → index N/2. '
           'Drag (Tessera only): 300 frames at 60 Hz, press-hold-lift, 2 s of bottom-edge autoscroll, two reorders with '
           'neighbours animating, drop. See bench/README.md for the exact definitions.',
           '',
           '## All figures', ''] + main_table(results) + [
           '', '## Tessera ÷ peer (below 1 = Tessera faster / smaller)', ''] + ratio_table(results) + [
           '', '## Targets (issue 5)', ''] + targets(results, layout) + [
           '', '## Every path (Tessera; targets median ≤ 2 ms, p99 ≤ 4 ms, no frame over 16.7 ms)', ''] + paths_table(results) + paced_floor_lines(floor_text) + [
           '', '## Where Tessera\'s frame time goes (medians of runs)', ''] + tessera_sections(results)
    if motion:
        out += ['', '## Motion to screen (Tessera; a drag through XTest, %d motions 16 ms apart; target one frame interval + 2 ms)'
                % MOTION_STEPS, ''] + motion_table(motion)
    if layout:
        keys = sorted(k for k in layout[0] if k.startswith('layout_') and k.endswith('_ms'))
        out += ['', '## Layout of %s generated items (Tessera, no window; 3 sections, app default configurations)' %
                human(layout[0].get('layout_items', LAYOUT_ITEMS)), '',
                '| ' + ' | '.join(k for k in keys) + ' | peak RSS MB | runs |', '|' + '---|' * (len(keys) + 2),
                '| ' + ' | '.join(fmt(med(layout, k), 1) for k in keys) + ' | %s | %d |' % (fmt(med(layout, 'rss_mb'), 0), len(layout))]
    if floor_text and not ONLY:
        out += ['', '## Physical floor on this machine (bench/peers/floor/floor 300)', '', '```', floor_text.rstrip(), '```']
    text = '\n'.join(out) + '\n'
    open(os.path.join(OUT, 'latest.md'), 'w').write(text)
    return text


if __name__ == '__main__':
    main()
