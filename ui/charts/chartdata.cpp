#include "chartdata.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>

#include <cmath>

namespace sense7::charts {
namespace {

QJsonValue number(double x)
{
    return std::isnan(x) ? QJsonValue(QJsonValue::Null) : QJsonValue(x);
}

QJsonObject point(const series::Estimate &e)
{
    return {{QStringLiteral("estimate"), number(e.mean)},
            {QStringLiteral("lower"), e.hasInterval() ? number(e.low) : QJsonValue()},
            {QStringLiteral("upper"), e.hasInterval() ? number(e.high) : QJsonValue()},
            {QStringLiteral("n"), e.n},
            {QStringLiteral("ratings"), e.ratings}};
}

QJsonObject atX(double x, const series::Estimate &e)
{
    QJsonObject p = point(e);
    p.insert(QStringLiteral("x"), x);
    return p;
}

QJsonObject atCategory(const QString &category, const series::Estimate &e)
{
    QJsonObject p = point(e);
    p.insert(QStringLiteral("category"), category);
    return p;
}

QJsonObject named(const QString &name, const QJsonArray &points)
{
    return {{QStringLiteral("name"), name}, {QStringLiteral("points"), points}};
}

/** A series per group, a point per dimension with a mean (as the chart draws them). */
QJsonArray groupSeries(const series::GroupMeans &means, const QVector<Dimension> &dimensions)
{
    QJsonArray result;
    for (int g = 0; g < means.groups.size(); ++g) {
        QJsonArray points;
        for (int d = 0; d < dimensions.size() && d < means.cells[g].size(); ++d)
            if (means.cells[g][d].defined())
                points.append(atCategory(dimensions[d].key, means.cells[g][d]));
        result.append(named(means.groups[g], points));
    }
    return result;
}

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::charts", text);
}

} // namespace

QString intervalDescription(series::Cluster cluster)
{
    switch (cluster) {
    case series::Cluster::Participant:
        return tr("Means of the participants' means, with a t-based 95% interval over "
                  "participants (n = participants), clamped to the scale; none below n = 3.");
    case series::Cluster::Conversation:
        return tr("Means of the conversations' means, with a t-based 95% interval over "
                  "conversations (n = conversations), clamped to the scale; none below n = 3.");
    case series::Cluster::None:
        break;
    }
    return tr("Means of the ratings, with a t-based 95% interval treating ratings as "
              "independent (n = ratings), clamped to the scale; none below n = 3.");
}

QJsonObject plottedData(Chart chart, const browse::Aggregates &a)
{
    QJsonArray seriesList;
    switch (chart) {
    case Chart::Distribution: {
        // A series per scale point: its share (%) of each dimension's ratings, n the ratings.
        const int levels =
            a.distribution.counts.isEmpty() ? 0 : int(a.distribution.counts[0].size());
        const int scaleMin = a.dimensions.isEmpty() ? 1 : a.dimensions.first().scaleMin;
        for (int level = 0; level < levels; ++level) {
            QJsonArray points;
            for (int d = 0; d < a.distribution.counts.size() && d < a.dimensions.size(); ++d) {
                int total = 0;
                for (int c : a.distribution.counts[d])
                    total += c;
                const int count = a.distribution.counts[d][level];
                points.append(QJsonObject {
                    {QStringLiteral("category"), a.dimensions[d].key},
                    {QStringLiteral("estimate"), total > 0 ? 100.0 * count / total : 0.0},
                    {QStringLiteral("lower"), QJsonValue()},
                    {QStringLiteral("upper"), QJsonValue()},
                    {QStringLiteral("n"), total},
                    {QStringLiteral("count"), count}});
            }
            seriesList.append(named(QString::number(scaleMin + level), points));
        }
        break;
    }
    case Chart::Trajectory: {
        QJsonArray points;
        for (int b = 0; b < a.trajectory.centres.size(); ++b)
            if (a.trajectory.mean[b].defined())
                points.append(atX(a.trajectory.centres[b], a.trajectory.mean[b]));
        seriesList.append(named(QStringLiteral("mean"), points));
        break;
    }
    case Chart::Assistants:
        seriesList = groupSeries(a.agents, a.dimensions);
        break;
    case Chart::Participants:
        seriesList = groupSeries(a.participants, a.dimensions);
        break;
    case Chart::Context:
        seriesList = groupSeries(a.context, a.dimensions);
        break;
    case Chart::Breaks: {
        QJsonArray points;
        for (int i = 0; i < a.aligned.offsets.size(); ++i)
            if (a.aligned.mean[i].defined())
                points.append(atX(a.aligned.offsets[i], a.aligned.mean[i]));
        seriesList.append(named(QStringLiteral("mean"), points));
        break;
    }
    case Chart::Correlation:
        // A series per dimension, a point per other dimension: Spearman ρ and its pairs.
        for (int r = 0; r < a.dimensions.size() && r < a.correlation.rho.size(); ++r) {
            QJsonArray points;
            for (int c = 0; c < a.dimensions.size() && c < a.correlation.rho[r].size(); ++c) {
                const auto rho = a.correlation.rho[r][c];
                points.append(QJsonObject {
                    {QStringLiteral("category"), a.dimensions[c].key},
                    {QStringLiteral("estimate"), rho ? QJsonValue(*rho) : QJsonValue()},
                    {QStringLiteral("lower"), QJsonValue()},
                    {QStringLiteral("upper"), QJsonValue()},
                    {QStringLiteral("n"), a.correlation.n[r][c]}});
            }
            seriesList.append(named(a.dimensions[r].key, points));
        }
        break;
    }
    QJsonObject result {{QStringLiteral("cluster"), series::clusterKey(a.cluster)},
                        {QStringLiteral("interval"), intervalDescription(a.cluster)},
                        {QStringLiteral("minimum_n_for_interval"), series::minimumIntervalN},
                        {QStringLiteral("series"), seriesList}};
    if (chart == Chart::Context) {
        QJsonArray tests;
        for (int d = 0; d < a.dimensions.size() && d < a.contextTests.size(); ++d) {
            const series::GroupTest &t = a.contextTests[d];
            tests.append(QJsonObject {{QStringLiteral("dimension"), a.dimensions[d].key},
                                      {QStringLiteral("test"), QStringLiteral("kruskal_wallis")},
                                      {QStringLiteral("h"), t.h ? QJsonValue(*t.h) : QJsonValue()},
                                      {QStringLiteral("df"), t.df},
                                      {QStringLiteral("p"), t.p ? QJsonValue(*t.p) : QJsonValue()},
                                      {QStringLiteral("n"), t.n}});
        }
        result.insert(QStringLiteral("tests"), tests);
    }
    return result;
}

QJsonObject plottedData(const browse::ConversationTrajectory &t)
{
    QJsonArray seriesList;
    const auto line = [](const QString &name, const auto &values, const QVector<int> &n) {
        QJsonArray points;
        for (int k = 0; k < values.size(); ++k)
            if (values[k])
                points.append(QJsonObject {{QStringLiteral("x"), k + 1},
                                           {QStringLiteral("estimate"), double(*values[k])},
                                           {QStringLiteral("lower"), QJsonValue()},
                                           {QStringLiteral("upper"), QJsonValue()},
                                           {QStringLiteral("n"), n.value(k)}});
        return named(name, points);
    };
    // A dimension's point is one rating; the mean's, the dimensions rated at that reply.
    const QVector<int> one(int(t.mean.size()), 1);
    QVector<int> rated(int(t.mean.size()), 0);
    for (int d = 0; d < t.dimensions.size() && d < t.values.size(); ++d) {
        seriesList.append(line(t.dimensions[d].key, t.values[d], one));
        for (int k = 0; k < t.values[d].size() && k < rated.size(); ++k)
            rated[k] += t.values[d][k] ? 1 : 0;
    }
    seriesList.append(line(QStringLiteral("mean"), t.mean, rated));
    QJsonObject result {{QStringLiteral("cluster"), series::clusterKey(series::Cluster::None)},
                        {QStringLiteral("interval"),
                         tr("One conversation: each point is a single rating, the mean the mean "
                            "of the dimensions rated at that reply (n); no interval is drawn.")},
                        {QStringLiteral("series"), seriesList}};
    // A live conversation's later sittings: the dashed lines, at x = first reply - 0.5.
    if (!t.sessions.isEmpty()) {
        QJsonArray sessions;
        for (const auto &s : t.sessions)
            sessions.append(QJsonObject {{QStringLiteral("session"), s.session},
                                         {QStringLiteral("first_reply"), s.reply + 1},
                                         {QStringLiteral("x"), s.reply + 0.5}});
        result.insert(QStringLiteral("sessions"), sessions);
    }
    return result;
}

QStringList groupTestLines(const browse::Aggregates &a)
{
    QStringList lines;
    const QLocale locale;
    for (int d = 0; d < a.dimensions.size() && d < a.contextTests.size(); ++d) {
        const series::GroupTest &t = a.contextTests[d];
        const QString name = a.dimensions[d].displayName();
        if (!t.h || !t.p) {
            lines.append(tr("%1: no test (fewer than two groups with varying ratings)").arg(name));
            continue;
        }
        const QString p = *t.p < 0.001 ? QStringLiteral("< ") + locale.toString(0.001, 'f', 3)
                                       : QStringLiteral("= ") + locale.toString(*t.p, 'f', 3);
        lines.append(tr("%1: H = %2, df = %3, p %4, n = %5")
                         .arg(name, locale.toString(*t.h, 'f', 2), locale.toString(t.df), p,
                              locale.toString(t.n)));
    }
    return lines;
}

} // namespace sense7::charts
