/* wasi.js: the calls of WASI (preview 1) that the page's engine makes
   (engine.wasm: the analysis programs of the C library, make wasm), over
   files held in memory: a program's arguments, its standard input, output
   and error, and a tree of files under "/" (what the page gives it, the
   temporary files it makes). One run, one instance: a program that exits
   leaves nothing behind. The page runs it; so does make check, under
   node (tests/engine.js), so that the two run the same code. */
(function (root) {
  'use strict';
  var E = { SUCCESS: 0, BADF: 8, EXIST: 20, INVAL: 28, ISDIR: 31, NOENT: 44,
    NOSYS: 52, SPIPE: 70 };
  var REGULAR = 4, DIRECTORY = 3;
  var enc = new TextEncoder(), dec = new TextDecoder();

  /* A file in memory: its bytes (data, of which size are the file's). */
  function memFile(bytes) {
    var b = bytes || new Uint8Array(0);
    return { data: b, size: b.length };
  }
  function grow(f, n) {
    var d;
    if (n <= f.data.length) return;
    d = new Uint8Array(Math.max(n, f.data.length * 2, 4096));
    d.set(f.data.subarray(0, f.size));
    f.data = d;
  }
  function exitError(code) { this.code = code; }

  /* Runs program (a WebAssembly.Module) with args (argv[1..]) and stdin
     (bytes); files: { path: bytes } it may open. Returns { status,
     stdout (bytes), stderr (text) }. */
  function run(module, args, stdin, files) {
    var tree = {}, fds = [], inst, mem, k, out, err, status = 0;
    for (k in files || {}) tree[k.replace(/^\/+/, '')] = memFile(files[k]);
    tree['dev/stdin'] = memFile(stdin);
    out = memFile();
    err = memFile();
    fds[0] = { file: tree['dev/stdin'], pos: 0 };
    fds[1] = { file: out, pos: 0 };
    fds[2] = { file: err, pos: 0 };
    fds[3] = { dir: '' };	/* the one preopened directory: "/" */
    var argv = args.map(function (a) {
      return enc.encode(a + '\0');
    });
    var env = [enc.encode('TMPDIR=/tmp\0')];

    function view() { return new DataView(mem.buffer); }
    function bytes() { return new Uint8Array(mem.buffer); }
    function str(p, n) { return dec.decode(bytes().subarray(p, p + n)); }
    function path(dirfd, p, n) {
      var d = fds[dirfd], parts = [], s;
      if (!d || d.dir === undefined) return null;
      s = (d.dir ? d.dir + '/' : '') + str(p, n);
      s.split('/').forEach(function (x) {
        if (x === '' || x === '.') return;
        if (x === '..') parts.pop(); else parts.push(x);
      });
      return parts.join('/');
    }
    function isDir(p) {
      var k;
      if (p === '') return true;
      for (k in tree) if (k.indexOf(p + '/') === 0) return true;
      return false;
    }
    function lists(ptr, list) {
      var v = view(), b = bytes(), at = list[1];
      list[0].forEach(function (x, i) {
        v.setUint32(ptr + 4 * i, at, true);
        b.set(x, at);
        at += x.length;
      });
    }
    function sizes(list, pn, ps) {
      var v = view();
      v.setUint32(pn, list.length, true);
      v.setUint32(ps, list.reduce(function (a, x) { return a + x.length; }, 0), true);
      return E.SUCCESS;
    }
    function filestat(ptr, f) {
      var v = view(), i;
      for (i = 0; i < 64; i += 4) v.setUint32(ptr + i, 0, true);
      v.setUint8(ptr + 16, f ? REGULAR : DIRECTORY);
      v.setBigUint64(ptr + 24, 1n, true);
      v.setBigUint64(ptr + 32, BigInt(f ? f.size : 0), true);
      return E.SUCCESS;
    }
    /* the iovecs at iovs: [pointer, length] each */
    function iov(iovs, n) {
      var v = view(), r = [], i;
      for (i = 0; i < n; i++)
        r.push([v.getUint32(iovs + 8 * i, true), v.getUint32(iovs + 8 * i + 4, true)]);
      return r;
    }
    function readAt(f, at, iovs, n) {
      var got = 0, b = bytes();
      iov(iovs, n).forEach(function (x) {
        var k = Math.max(0, Math.min(x[1], f.size - at - got));
        b.set(f.data.subarray(at + got, at + got + k), x[0]);
        got += k;
      });
      return got;
    }
    function writeAt(f, at, iovs, n) {
      var put = 0, b = bytes();
      iov(iovs, n).forEach(function (x) {
        grow(f, at + put + x[1]);
        f.data.set(b.subarray(x[0], x[0] + x[1]), at + put);
        put += x[1];
      });
      if (at + put > f.size) f.size = at + put;
      return put;
    }

    var wasi = {
      args_sizes_get: function (pn, ps) { return sizes(argv, pn, ps); },
      args_get: function (p, buf) { lists(p, [argv, buf]); return E.SUCCESS; },
      environ_sizes_get: function (pn, ps) { return sizes(env, pn, ps); },
      environ_get: function (p, buf) { lists(p, [env, buf]); return E.SUCCESS; },
      fd_close: function (fd) {
        if (!fds[fd]) return E.BADF;
        if (fd > 3) delete fds[fd];
        return E.SUCCESS;
      },
      fd_fdstat_get: function (fd, p) {
        var v = view(), d = fds[fd];
        if (!d) return E.BADF;
        v.setUint8(p, d.file ? REGULAR : DIRECTORY);
        v.setUint16(p + 2, 0, true);
        v.setBigUint64(p + 8, 0xffffffffffffffffn, true);
        v.setBigUint64(p + 16, 0xffffffffffffffffn, true);
        return E.SUCCESS;
      },
      fd_fdstat_set_flags: function () { return E.SUCCESS; },
      fd_filestat_get: function (fd, p) {
        var d = fds[fd];
        return d ? filestat(p, d.file) : E.BADF;
      },
      fd_filestat_set_size: function (fd, size) {
        var d = fds[fd], n = Number(size);
        if (!d || !d.file) return E.BADF;
        grow(d.file, n);
        if (n > d.file.size) d.file.data.fill(0, d.file.size, n);
        d.file.size = n;
        return E.SUCCESS;
      },
      fd_read: function (fd, iovs, n, pgot) {
        var d = fds[fd], got;
        if (!d || !d.file) return E.BADF;
        got = readAt(d.file, d.pos, iovs, n);
        d.pos += got;
        view().setUint32(pgot, got, true);
        return E.SUCCESS;
      },
      fd_pread: function (fd, iovs, n, at, pgot) {
        var d = fds[fd];
        if (!d || !d.file) return E.BADF;
        view().setUint32(pgot, readAt(d.file, Number(at), iovs, n), true);
        return E.SUCCESS;
      },
      fd_write: function (fd, iovs, n, pput) {
        var d = fds[fd], put;
        if (!d || !d.file) return E.BADF;
        if (d.append) d.pos = d.file.size;
        put = writeAt(d.file, d.pos, iovs, n);
        d.pos += put;
        view().setUint32(pput, put, true);
        return E.SUCCESS;
      },
      fd_pwrite: function (fd, iovs, n, at, pput) {
        var d = fds[fd];
        if (!d || !d.file) return E.BADF;
        view().setUint32(pput, writeAt(d.file, Number(at), iovs, n), true);
        return E.SUCCESS;
      },
      fd_seek: function (fd, off, whence, pto) {
        var d = fds[fd], to;
        if (!d || !d.file) return E.BADF;
        to = Number(off) + (whence === 1 ? d.pos : whence === 2 ? d.file.size : 0);
        if (to < 0) return E.INVAL;
        d.pos = to;
        view().setBigUint64(pto, BigInt(to), true);
        return E.SUCCESS;
      },
      fd_tell: function (fd, pto) {
        var d = fds[fd];
        if (!d || !d.file) return E.BADF;
        view().setBigUint64(pto, BigInt(d.pos), true);
        return E.SUCCESS;
      },
      fd_prestat_get: function (fd, p) {
        var v = view();
        if (fd !== 3) return E.BADF;
        v.setUint8(p, 0);
        v.setUint32(p + 4, 1, true);
        return E.SUCCESS;
      },
      fd_prestat_dir_name: function (fd, p, n) {
        if (fd !== 3 || n < 1) return E.BADF;
        bytes()[p] = 47;	/* "/" */
        return E.SUCCESS;
      },
      path_filestat_get: function (dirfd, flags, p, n, pst) {
        var q = path(dirfd, p, n);
        if (q === null) return E.BADF;
        if (tree[q]) return filestat(pst, tree[q]);
        return isDir(q) ? filestat(pst, null) : E.NOENT;
      },
      path_open: function (dirfd, dirflags, p, n, oflags, rb, ri, fdflags, pfd) {
        var q = path(dirfd, p, n), fd = 4;
        if (q === null) return E.BADF;
        if (!tree[q] && isDir(q)) {
          if (oflags & 1) return E.ISDIR;
          while (fds[fd]) fd++;
          fds[fd] = { dir: q };
        } else {
          if (tree[q] && (oflags & 5) === 5) return E.EXIST;
          if (!tree[q] && !(oflags & 1)) return E.NOENT;
          if (oflags & 2) return E.NOENT;	/* a directory wanted */
          if (!tree[q]) tree[q] = memFile();
          if (oflags & 8) tree[q].size = 0;
          while (fds[fd]) fd++;
          fds[fd] = { file: tree[q], pos: 0, append: !!(fdflags & 1) };
        }
        view().setUint32(pfd, fd, true);
        return E.SUCCESS;
      },
      path_rename: function (fd, p, n, fd2, p2, n2) {
        var a = path(fd, p, n), b = path(fd2, p2, n2);
        if (a === null || b === null) return E.BADF;
        if (!tree[a]) return E.NOENT;
        tree[b] = tree[a];
        delete tree[a];
        return E.SUCCESS;
      },
      path_unlink_file: function (fd, p, n) {
        var q = path(fd, p, n);
        if (q === null) return E.BADF;
        if (!tree[q]) return E.NOENT;
        delete tree[q];
        return E.SUCCESS;
      },
      proc_exit: function (code) { throw new exitError(code); }
    };
    inst = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi });
    mem = inst.exports.memory;
    try {
      inst.exports._start();
    } catch (x) {
      if (!(x instanceof exitError)) throw x;
      status = x.code;
    }
    return { status: status, stdout: out.data.slice(0, out.size),
      stderr: dec.decode(err.data.subarray(0, err.size)), files: tree };
  }

  /* Runs stages (each a program's args) as a shell pipeline, each given
     the one before's output, the first stdin; returns the last one's
     output, every one's errors, and the last status that is not 0 (as
     bash's pipefail). */
  function pipeline(module, stages, stdin) {
    var input = stdin, status = 0, err = '';
    stages.forEach(function (args) {
      var r = run(module, args, input, {});
      err += r.stderr;
      if (r.status !== 0) status = r.status;
      input = r.stdout;
    });
    return { status: status, stdout: input, stderr: err };
  }

  root.engineRun = run;
  root.enginePipeline = pipeline;
  if (typeof module !== 'undefined' && module.exports)
    module.exports = { run: run, pipeline: pipeline };
})(typeof window !== 'undefined' ? window : this);
