package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md, ARCHITECTURE.md and the pages under docs/ link each other by relative paths and
 * heading anchors; a page renamed or a heading reworded breaks them silently on GitHub. This test
 * resolves every relative link (outside code) to a file of the repository and every anchor to a
 * heading of its page, as GitHub makes them, and finds every docs/ page reachable from the README.
 */
class DocsLinksTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\[(?:[^\\[\\]]|\\[[^\\]]*\\])*\\]\\(([^)\\s]+)\\)");

    @Test
    void everyRelativeLinkAndAnchorBetweenThePagesResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            for (String target : links(page)) {
                String problem = problem(page, target);
                if (problem != null) {
                    broken.add(ROOT.relativize(page) + ": (" + target + ") " + problem);
                }
            }
        }
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    @Test
    void everyDocsPageIsLinkedFromTheReadme() throws IOException {
        Set<Path> linked = new LinkedHashSet<>();
        for (String target : links(ROOT.resolve("README.md"))) {
            if (!external(target) && !target.startsWith("#")) {
                linked.add(ROOT.resolve(target.split("#", 2)[0]).normalize());
            }
        }
        List<Path> docs;
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            docs = s.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
        assertThat(docs).as("the pages under docs/").isNotEmpty();
        assertThat(linked).as("the pages the README links").containsAll(docs);
    }

    /** The checker itself: a heading's anchor as GitHub makes it, and a broken link found. */
    @Test
    void anchorsAreMadeAsGithubMakesThem() {
        assertThat(anchors("## Options of `run`\n## Where the database comes from: `--db`\n```\n## not a heading\n```\n"
                + "## TP1 / DebitCredit (`tp1`)\n## Options of `run`\n"))
                .containsExactly("options-of-run", "where-the-database-comes-from---db", "tp1--debitcredit-tp1",
                        "options-of-run-1");
        assertThat(links(List.of("see [a](a.md#b) and `[c](d.md)`", "```", "[e](f.md)", "```", "[g](https://x/y)")))
                .containsExactly("a.md#b", "https://x/y");
    }

    private static String problem(Path page, String target) throws IOException {
        if (external(target)) {
            return null;
        }
        String[] parts = target.split("#", 2);
        Path file = parts[0].isEmpty() ? page : page.getParent().resolve(parts[0]).normalize();
        if (!file.startsWith(ROOT) || !Files.exists(file)) {
            return "no such file";
        }
        if (parts.length == 2 && file.toString().endsWith(".md")
                && !anchors(Files.readString(file)).contains(parts[1])) {
            return "no heading with that anchor in " + ROOT.relativize(file);
        }
        return null;
    }

    private static boolean external(String target) {
        return target.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*");
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("ARCHITECTURE.md")));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static List<String> links(Path page) throws IOException {
        return links(Files.readAllLines(page));
    }

    /** The targets of the page's Markdown links, outside fenced blocks and inline code. */
    static List<String> links(List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : lines) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    /** The anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    static List<String> anchors(String page) {
        List<String> out = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : page.split("\n", -1)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            Matcher m = Pattern.compile("^#{1,6} +(.*?)#* *$").matcher(line);
            if (fenced || !m.matches()) {
                continue;
            }
            String anchor = m.group(1).strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "")
                    .replace(' ', '-');
            int n = seen.merge(anchor, 1, Integer::sum);
            out.add(n == 1 ? anchor : anchor + "-" + (n - 1));
        }
        return out;
    }
}
