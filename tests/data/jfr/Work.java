import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

public class Work {
    static final Object lock = new Object();
    static volatile long sink;

    static long spin(int n) {
        long x = 0;
        for (int i = 0; i < n; i++) x += (x * 31 + i) % 1000003;
        return x;
    }

    static void hot() { sink += spin(50_000_000); }

    static List<byte[]> allocate() {
        List<byte[]> l = new ArrayList<>();
        for (int i = 0; i < 2000; i++) l.add(new byte[64 + (i % 50) * 1024]);
        return l;
    }

    static void contend() {
        synchronized (lock) { sink += spin(5_000_000); }
    }

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + 3000;
        Thread t = new Thread(() -> {
            while (System.currentTimeMillis() < end) { contend(); LockSupport.parkNanos(15_000_000); try { Thread.sleep(5); } catch (InterruptedException e) { } }
        }, "worker");
        t.start();
        while (System.currentTimeMillis() < end) {
            hot();
            sink += allocate().size();
            contend();
        }
        t.join();
    }
}
