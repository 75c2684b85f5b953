package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Headless Chromium (/usr/bin/chromium) opening a page tpkit wrote: its DOM after rendering, its
 * layout as the browser measured it, and a screenshot of the whole page for people to look at.
 * The pages have no script of their own; the layout is measured by a copy of the page with a
 * small script added at its end.
 */
final class Chromium {
    static final Path PATH = Path.of("/usr/bin/chromium");
    /** The window's width: a laptop's browser window, narrower than the 960 px the pages are laid out for plus margins. */
    static final int WIDTH = 1000;

    private final Path temp;

    Chromium(Path temp) {
        this.temp = temp;
    }

    static boolean available() {
        return Files.isExecutable(PATH);
    }

    /** Standard output and standard error of one Chromium run. */
    List<String> run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(PATH.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + temp.resolve("profile"),
                "--enable-logging=stderr", "--v=0"));
        cmd.addAll(List.of(args));
        Path out = temp.resolve("chromium-" + System.nanoTime() + ".out");
        Path err = temp.resolve("chromium-" + System.nanoTime() + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        return List.of(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** The page's DOM once rendered, and what the console said. */
    List<String> dumpDom(Path page) throws IOException, InterruptedException {
        return run("--window-size=" + WIDTH + ",2000", "--dump-dom", page.toUri().toString());
    }

    /**
     * What the browser laid out: the page's width and height, and each chart (every {@code svg.chart})
     * with its points, its drawn paths, its box, and the texts (ticks, labels) that stick out of it.
     */
    JsonNode layout(Path page) throws IOException, InterruptedException {
        String html = Files.readString(page, StandardCharsets.UTF_8);
        String probe = """
                <script>
                (function () {
                  var doc = document.documentElement;
                  var out = {width: doc.clientWidth, scrollWidth: doc.scrollWidth, height: doc.scrollHeight, charts: []};
                  document.querySelectorAll('svg.chart').forEach(function (svg) {
                    var box = svg.getBoundingClientRect();
                    var paths = 0;
                    svg.querySelectorAll('g.series path').forEach(function (p) {
                      var d = p.getAttribute('d') || '';
                      if (d.indexOf('L') >= 0 && p.getBBox().width > 0) { paths++; }
                    });
                    var outside = [];
                    svg.querySelectorAll('text').forEach(function (t) {
                      var r = t.getBoundingClientRect();
                      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
                        outside.push(t.textContent);
                      }
                    });
                    out.charts.push({id: svg.id, points: Number(svg.getAttribute('data-points')),
                      circles: svg.querySelectorAll('circle.point').length, paths: paths,
                      left: box.left, right: box.right, width: box.width, height: box.height, textsOutside: outside});
                  });
                  var pre = document.createElement('pre');
                  pre.id = 'tpkit-layout';
                  pre.textContent = JSON.stringify(out);
                  document.body.appendChild(pre);
                })();
                </script>""";
        Path copy = page.resolveSibling("." + page.getFileName() + ".layout.html");
        Files.writeString(copy, html.replace("</body>", probe + "</body>"), StandardCharsets.UTF_8);
        try {
            String dom = dumpDom(copy).get(0);
            Matcher m = Pattern.compile("<pre id=\"tpkit-layout\">([^<]*)</pre>").matcher(dom);
            assertThat(m.find()).as("the layout probe ran").isTrue();
            return ResultWriter.json().readTree(m.group(1).replace("&quot;", "\"").replace("&amp;", "&")
                    .replace("&lt;", "<").replace("&gt;", ">"));
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    /**
     * Fails on an empty or clipped chart: every chart has points and a drawn line, lies within the
     * page's width, and keeps its ticks and labels inside; the page itself has no horizontal scroll.
     *
     * @return the page's layout
     */
    JsonNode assertChartsDrawnWithinThePage(Path page) throws IOException, InterruptedException {
        JsonNode layout = layout(page);
        int width = layout.path("width").asInt();
        assertThat(layout.path("scrollWidth").asInt()).as("the page scrolls sideways").isLessThanOrEqualTo(width);
        assertThat(layout.path("charts").size()).as("charts on " + page.getFileName()).isPositive();
        for (JsonNode chart : layout.path("charts")) {
            String id = chart.path("id").asText();
            assertThat(chart.path("points").asInt()).as(id + ": data points").isPositive();
            assertThat(chart.path("circles").asInt()).as(id + ": drawn points").isEqualTo(chart.path("points").asInt());
            assertThat(chart.path("paths").asInt()).as(id + ": drawn lines").isPositive();
            assertThat(chart.path("height").asDouble()).as(id + ": height").isGreaterThan(100);
            assertThat(chart.path("left").asDouble()).as(id + ": left edge").isGreaterThanOrEqualTo(0);
            assertThat(chart.path("right").asDouble()).as(id + ": right edge").isLessThanOrEqualTo(width);
            assertThat(chart.path("textsOutside")).as(id + ": ticks and labels cut off").isEmpty();
        }
        return layout;
    }

    /** A screenshot of the whole page (as tall as the page is), at {@code png}. */
    void screenshot(Path page, Path png, JsonNode layout) throws IOException, InterruptedException {
        int height = Math.min(16_000, Math.max(800, layout.path("height").asInt() + 20));
        Files.createDirectories(png.toAbsolutePath().getParent());
        Files.deleteIfExists(png);
        run("--window-size=" + WIDTH + "," + height, "--screenshot=" + png.toAbsolutePath(), page.toUri().toString());
        assertThat(png).exists();
        assertThat(Files.size(png)).isGreaterThan(10_000);
    }
}
