package io.tpkit;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Loops of files inside one package: source files whose classes use each other, directly
 * ({@code Runner} calls {@code Series}, which calls {@code Runner}) or round a ring. ArchUnit's
 * cycle check works on slices of packages, so it cannot see these: a loop of files is a package
 * that cannot be read in any order, often one class cut in two. Nested, anonymous and local
 * classes count as their file's; only the main classes given are looked at.
 */
public final class FileLoops {
    private FileLoops() {
    }

    /**
     * Each loop as {@code "package: A, B, C"} (the files' names sorted), the loops sorted.
     *
     * @param classes the classes to look at; a file outside them (a library's) is no part of a loop
     */
    public static List<String> of(JavaClasses classes) {
        Map<String, Set<String>> uses = new TreeMap<>();
        for (JavaClass c : classes) {
            uses.computeIfAbsent(file(c), k -> new TreeSet<>());
        }
        for (JavaClass c : classes) {
            String from = file(c);
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass().getBaseComponentType();
                String to = file(target);
                if (!to.equals(from) && target.getPackageName().equals(c.getPackageName()) && uses.containsKey(to)) {
                    uses.get(from).add(to);
                }
            }
        }
        List<String> loops = new ArrayList<>();
        for (Set<String> component : new StronglyConnected(uses).components()) {
            if (component.size() > 1) {
                String first = component.iterator().next();
                String pkg = first.substring(0, first.lastIndexOf('.'));
                loops.add(pkg + ": " + String.join(", ",
                        component.stream().map(n -> n.substring(n.lastIndexOf('.') + 1)).sorted().toList()));
            }
        }
        loops.sort(null);
        return loops;
    }

    /** The top-level class a class is written in: {@code a.B$C$1} is in {@code a.B}'s file. */
    private static String file(JavaClass c) {
        String name = c.getName();
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }

    /** Tarjan's strongly connected components, iteratively (a deep package would overflow the stack). */
    private static final class StronglyConnected {
        private final Map<String, Set<String>> edges;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<Set<String>> components = new ArrayList<>();
        private int next;

        StronglyConnected(Map<String, Set<String>> edges) {
            this.edges = edges;
        }

        List<Set<String>> components() {
            for (String v : edges.keySet()) {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            }
            return components;
        }

        private void visit(String root) {
            Deque<Map.Entry<String, java.util.Iterator<String>>> work = new ArrayDeque<>();
            enter(root);
            work.push(Map.entry(root, edges.get(root).iterator()));
            while (!work.isEmpty()) {
                Map.Entry<String, java.util.Iterator<String>> top = work.peek();
                String v = top.getKey();
                if (top.getValue().hasNext()) {
                    String w = top.getValue().next();
                    if (!index.containsKey(w)) {
                        enter(w);
                        work.push(Map.entry(w, edges.get(w).iterator()));
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = work.peek().getKey();
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    Set<String> component = new TreeSet<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        component.add(w);
                    } while (!w.equals(v));
                    components.add(component);
                }
            }
        }

        private void enter(String v) {
            index.put(v, next);
            low.put(v, next);
            next++;
            stack.push(v);
            onStack.add(v);
        }
    }
}
