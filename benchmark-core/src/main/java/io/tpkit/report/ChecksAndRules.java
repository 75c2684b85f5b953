package io.tpkit.report;

import io.tpkit.result.RunResult;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import java.util.List;

/** The consistency checks and the validity rules, each with its outcome and why. */
final class ChecksAndRules extends ReportSection {
    ChecksAndRules(RunResult result, StringBuilder html) {
        super(result, html);
    }

    void write() {
        checks();
        rules();
    }

    private void checks() {
        html.append("<h2>Consistency checks</h2>\n<table id=\"consistency\">\n");
        for (CheckResult c : each(result.consistency())) {
            html.append("<tr><td>").append(Html.escape(c.name())).append("</td><td class=\"")
                    .append(c.passed() ? "pass\">passed" : c.unchecked() ? "fail\">not checked" : c.skipped() ? "na\">skipped" : "fail\">FAILED")
                    .append("</td><td style=\"text-align:left\">")
                    .append(Html.escape(c.detail())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    /** Each rule: met, NOT MET or not applicable, never a word that reads like good news for a failure. */
    private void rules() {
        html.append("<h2>Validity rules</h2>\n<table id=\"rules\">\n");
        for (RuleResult r : result.validity() == null ? List.<RuleResult>of() : each(result.validity().rules())) {
            String[] status = switch (r.status()) {
                case PASSED -> new String[] {"pass", "met"};
                case FAILED -> new String[] {"fail", "NOT MET"};
                case null, default -> new String[] {"na", "not applicable"};
            };
            html.append("<tr><td>").append(Html.escape(r.id())).append("</td><td class=\"").append(status[0])
                    .append("\">").append(status[1])
                    .append("</td><td style=\"text-align:left\">").append(Html.escape(r.rule()))
                    .append(" &mdash; ").append(Html.escape(r.detail())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }
}
