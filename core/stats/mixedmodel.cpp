#include "stats/mixedmodel.h"

#include <QCoreApplication>
#include <QHash>

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numeric>

namespace sense7::stats {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("sense7::stats", text, disambiguation, n);
}

constexpr double infinity = std::numeric_limits<double>::infinity();
constexpr double twoPi = 6.283185307179586476925286766559;

/**
 * The data reduced to what the REML criterion needs. With y and the columns of X constant or
 * varying within conversations alike, write a = [X, y] (q = p + 1 columns). Conversation j (of n_j
 * observations) contributes its column means m_j and its centred cross-products, whose sum W does
 * not depend on θ.
 *
 * The marginal covariance of participant i's observations, relative to σ², is block diagonal
 * V_i = I + θc² blockdiag(1 1') + θp² 1 1': the matrix lme4 factors as Λ'Z'ZΛ + I, here one
 * participant block at a time. Applying the Sherman–Morrison formula twice (first per conversation,
 * then per participant) gives it in closed form: with ω_j = n_j / (1 + n_j θc²), s_i = Σ_j ω_j and
 * ā_i = Σ_j ω_j m_j / s_i,
 *
 *     a' V_i⁻¹ a = Σ_j W_j + Σ_j ω_j (m_j − ā_i)(m_j − ā_i)' + s_i / (1 + θp² s_i) ā_i ā_i',
 *     log |V_i|  = Σ_j log(1 + n_j θc²) + log(1 + θp² s_i),
 *
 * every term a sum of non-negative parts, so nothing cancels. The Cholesky factor of the (q × q)
 * sum over participants M = [X y]' V⁻¹ [X y] holds R_X (its leading p × p block) and the penalised
 * residual sum of squares r² (the square of its last diagonal element), and the profiled REML
 * criterion is (Bates et al., 2015, eq. 42)
 *
 *     d(θ) = log |V| + log |R_X|² + (n − p) (1 + log(2π r² / (n − p))).
 *
 * One evaluation costs O(conversations × q²), so hundreds of participants with thousands of
 * conversations take a few milliseconds to fit.
 */
struct Reduced
{
    int n = 0;
    int p = 0;
    double shift = 0.0; ///< subtracted from every value before, added to the intercept after
    Eigen::MatrixXd within; ///< W, q × q
    Eigen::MatrixXd means; ///< q × conversations, grouped by participant
    Eigen::VectorXd sizes; ///< n_j
    std::vector<int> firstOfParticipant; ///< into the columns of means, with an end marker

    struct Factor
    {
        double criterion = infinity;
        Eigen::MatrixXd l; ///< lower Cholesky factor of M
    };

    Factor factor(double thetaP, double thetaC) const
    {
        const int q = p + 1;
        const double tp2 = thetaP * thetaP, tc2 = thetaC * thetaC;
        Eigen::MatrixXd m = within;
        double logDetV = 0.0;
        Eigen::VectorXd mean(q), d(q);
        const int participants = int(firstOfParticipant.size()) - 1;
        for (int i = 0; i < participants; ++i) {
            const int begin = firstOfParticipant[size_t(i)],
                      end = firstOfParticipant[size_t(i) + 1];
            double s = 0.0;
            mean.setZero();
            for (int j = begin; j < end; ++j) {
                const double nj = sizes[j];
                const double omega = nj / (1.0 + nj * tc2);
                logDetV += std::log1p(nj * tc2);
                s += omega;
                mean += omega * means.col(j);
            }
            mean /= s;
            for (int j = begin; j < end; ++j) {
                const double nj = sizes[j];
                d = means.col(j) - mean;
                m.selfadjointView<Eigen::Lower>().rankUpdate(d, nj / (1.0 + nj * tc2));
            }
            m.selfadjointView<Eigen::Lower>().rankUpdate(mean, s / (1.0 + tp2 * s));
            logDetV += std::log1p(tp2 * s);
        }
        Factor out;
        Eigen::LLT<Eigen::MatrixXd> llt(m.selfadjointView<Eigen::Lower>());
        if (llt.info() != Eigen::Success)
            return out;
        out.l = llt.matrixL();
        const double r = out.l(p, p);
        if (!(r > 0.0))
            return out;
        double logDetRX = 0.0;
        for (int k = 0; k < p; ++k)
            logDetRX += 2.0 * std::log(out.l(k, k));
        const double dof = n - p;
        out.criterion = logDetV + logDetRX + dof * (1.0 + std::log(twoPi * r * r / dof));
        return out;
    }
};

using Objective = std::function<double(const Eigen::VectorXd &)>;

struct Minimum
{
    Eigen::VectorXd x;
    double f = infinity;
};

/**
 * Nelder–Mead simplex search from \a start, restarted from its own result until a restart no
 * longer improves: a restart rebuilds a full-size simplex and so does not stop on the collapsed
 * simplices that make a single run converge falsely.
 */
Minimum nelderMead(const Objective &f, const Eigen::VectorXd &start, int &evaluations)
{
    const int dim = int(start.size());
    auto evaluate = [&](const Eigen::VectorXd &x) {
        ++evaluations;
        const double value = f(x);
        return std::isfinite(value) ? value : infinity;
    };
    Minimum best {start, evaluate(start)};
    for (int restart = 0; restart < 12; ++restart) {
        std::vector<Eigen::VectorXd> x(size_t(dim) + 1, best.x);
        std::vector<double> fx(size_t(dim) + 1, best.f);
        for (int k = 0; k < dim; ++k) {
            const double scale = restart == 0 ? 0.25 : 0.05;
            x[size_t(k) + 1][k] += scale * std::max(std::abs(best.x[k]), 0.2);
            fx[size_t(k) + 1] = evaluate(x[size_t(k) + 1]);
        }
        std::vector<int> order(size_t(dim) + 1);
        for (int iteration = 0; iteration < 4000; ++iteration) {
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(),
                      [&](int a, int b) { return fx[size_t(a)] < fx[size_t(b)]; });
            const int lo = order.front(), hi = order.back(), second = order[size_t(dim) - 1];
            double diameter = 0.0;
            for (int k = 0; k <= dim; ++k)
                diameter =
                    std::max(diameter, (x[size_t(k)] - x[size_t(lo)]).lpNorm<Eigen::Infinity>());
            const double flo = fx[size_t(lo)], fhi = fx[size_t(hi)];
            if (diameter <= 1e-11 * std::max(1.0, x[size_t(lo)].lpNorm<Eigen::Infinity>())
                || (std::isfinite(fhi) && fhi - flo <= 1e-15 * (1.0 + std::abs(flo))))
                break;
            Eigen::VectorXd centroid = Eigen::VectorXd::Zero(dim);
            for (int k = 0; k <= dim; ++k)
                if (k != hi)
                    centroid += x[size_t(k)];
            centroid /= dim;
            const Eigen::VectorXd reflected = centroid + (centroid - x[size_t(hi)]);
            const double fr = evaluate(reflected);
            if (fr < flo) {
                const Eigen::VectorXd expanded = centroid + 2.0 * (centroid - x[size_t(hi)]);
                const double fe = evaluate(expanded);
                if (fe < fr) {
                    x[size_t(hi)] = expanded;
                    fx[size_t(hi)] = fe;
                } else {
                    x[size_t(hi)] = reflected;
                    fx[size_t(hi)] = fr;
                }
                continue;
            }
            if (fr < fx[size_t(second)]) {
                x[size_t(hi)] = reflected;
                fx[size_t(hi)] = fr;
                continue;
            }
            const bool outside = fr < fhi;
            const Eigen::VectorXd contracted = outside
                ? Eigen::VectorXd(centroid + 0.5 * (reflected - centroid))
                : Eigen::VectorXd(centroid + 0.5 * (x[size_t(hi)] - centroid));
            const double fc = evaluate(contracted);
            if (fc < (outside ? fr : fhi)) {
                x[size_t(hi)] = contracted;
                fx[size_t(hi)] = fc;
                continue;
            }
            for (int k = 0; k <= dim; ++k) {
                if (k == lo)
                    continue;
                x[size_t(k)] = x[size_t(lo)] + 0.5 * (x[size_t(k)] - x[size_t(lo)]);
                fx[size_t(k)] = evaluate(x[size_t(k)]);
            }
        }
        const auto lowest = std::min_element(fx.begin(), fx.end());
        const Minimum found {x[size_t(lowest - fx.begin())], *lowest};
        const bool improved = found.f < best.f - 1e-14 * (1.0 + std::abs(best.f));
        if (found.f < best.f)
            best = found;
        if (!improved && restart > 0)
            break;
    }
    return best;
}

struct Theta
{
    double p = 0.0, c = 0.0;
    double criterion = infinity;
    int zeros = 0;
};

/**
 * The θ ≥ 0 that minimises the REML criterion. The criterion depends on θ only through θ², so
 * the search runs unconstrained and takes absolute values. A minimum on the boundary (a variance
 * of zero) is found exactly by also minimising on each face θp = 0 and θc = 0 and at the corner,
 * and taking the boundary whenever it is no worse than the interior.
 */
Theta optimise(const Reduced &data, int &evaluations)
{
    auto criterion = [&](double tp, double tc) {
        ++evaluations;
        return data.factor(tp, tc).criterion;
    };
    static const double grid[] = {0.0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0};
    Theta start;
    for (double tp : grid) {
        for (double tc : grid) {
            const double value = criterion(tp, tc);
            if (value < start.criterion)
                start = {tp, tc, value, 0};
        }
    }

    std::vector<Theta> candidates;
    {
        const Minimum m =
            nelderMead([&](const Eigen::VectorXd &t) { return data.factor(t[0], t[1]).criterion; },
                       Eigen::Vector2d(start.p, start.c), evaluations);
        candidates.push_back({std::abs(m.x[0]), std::abs(m.x[1]), m.f, 0});
    }
    const Theta interior = candidates.front();
    {
        const Minimum m =
            nelderMead([&](const Eigen::VectorXd &t) { return data.factor(0.0, t[0]).criterion; },
                       Eigen::VectorXd::Constant(1, std::max(interior.c, 0.1)), evaluations);
        candidates.push_back({0.0, std::abs(m.x[0]), m.f, 1});
    }
    {
        const Minimum m =
            nelderMead([&](const Eigen::VectorXd &t) { return data.factor(t[0], 0.0).criterion; },
                       Eigen::VectorXd::Constant(1, std::max(interior.p, 0.1)), evaluations);
        candidates.push_back({std::abs(m.x[0]), 0.0, m.f, 1});
    }
    candidates.push_back({0.0, 0.0, criterion(0.0, 0.0), 2});

    double lowest = infinity;
    for (const Theta &t : candidates)
        lowest = std::min(lowest, t.criterion);
    const double tolerance = 1e-12 * (1.0 + std::abs(lowest));
    Theta chosen;
    chosen.zeros = -1;
    for (const Theta &t : candidates)
        if (t.criterion <= lowest + tolerance && t.zeros > chosen.zeros)
            chosen = t;
    return chosen;
}

bool levelLess(const QString &a, const QString &b)
{
    const int folded = QString::compare(a, b, Qt::CaseInsensitive);
    return folded != 0 ? folded < 0 : a < b;
}

} // namespace

MixedModelFit fitMixedModel(const QVector<Observation> &data, FixedPart fixedPart)
{
    MixedModelFit fit;
    fit.fixedPart = fixedPart;
    fit.observations = int(data.size());
    if (data.isEmpty()) {
        fit.failure = tr("There are no observations to model.");
        return fit;
    }
    for (int i = 0; i < data.size(); ++i) {
        if (!std::isfinite(data[i].value)) {
            fit.failure = tr("Observation %1 has no finite value.").arg(i + 1);
            return fit;
        }
    }

    // Groups: participants, and conversations within them, in order of first appearance.
    QHash<QString, int> participantIndex;
    std::map<std::pair<int, QString>, int> conversationIndex;
    std::vector<int> conversationOf(size_t(data.size()));
    std::vector<int> participantOfConversation;
    for (int i = 0; i < data.size(); ++i) {
        auto found = participantIndex.constFind(data[i].participant);
        if (found == participantIndex.constEnd())
            found = participantIndex.insert(data[i].participant, int(participantIndex.size()));
        const int participant = found.value();
        const auto key = std::make_pair(participant, data[i].conversation);
        auto it = conversationIndex.find(key);
        if (it == conversationIndex.end()) {
            it = conversationIndex.emplace(key, int(conversationIndex.size())).first;
            participantOfConversation.push_back(participant);
        }
        conversationOf[size_t(i)] = it->second;
    }
    fit.participants = int(participantIndex.size());
    fit.conversations = int(conversationIndex.size());

    // The fixed-effects design: an intercept, then one indicator per non-reference level.
    QStringList levels;
    if (fixedPart == FixedPart::Group) {
        for (const Observation &o : data)
            if (!levels.contains(o.group))
                levels << o.group;
        std::sort(levels.begin(), levels.end(), levelLess);
        fit.groups = levels;
    }
    const int p = fixedPart == FixedPart::Group ? int(levels.size()) : 1;
    const int n = int(data.size());

    if (fixedPart == FixedPart::Group && levels.size() < 2) {
        fit.failure = tr("Comparing assistants needs ratings of at least two of them; there is "
                         "one.");
        return fit;
    }
    if (fit.participants < 2) {
        fit.failure = tr("A model needs ratings from at least two participants; there is one.");
        return fit;
    }
    if (fit.conversations >= n) {
        fit.failure = tr("Every conversation has a single rating, so the variance between "
                         "conversations cannot be told apart from the residual.");
        return fit;
    }
    if (fit.conversations == fit.participants) {
        fit.failure = tr("Every participant has a single conversation, so the variance between "
                         "participants cannot be told apart from that between conversations.");
        return fit;
    }
    if (n <= p) {
        fit.failure = tr("There are too few observations (%n) for the fixed effects.", nullptr, n);
        return fit;
    }

    Reduced reduced;
    reduced.n = n;
    reduced.p = p;
    const int q = p + 1;
    for (const Observation &o : data)
        reduced.shift += o.value;
    reduced.shift /= n;
    auto row = [&](const Observation &o) {
        Eigen::VectorXd a = Eigen::VectorXd::Zero(q);
        a[0] = 1.0;
        if (fixedPart == FixedPart::Group) {
            const int level = int(levels.indexOf(o.group));
            if (level > 0)
                a[level] = 1.0;
        }
        a[p] = o.value - reduced.shift;
        return a;
    };

    // Conversations grouped by participant: column c of means is conversation order[c].
    const int conversations = fit.conversations;
    std::vector<int> order(static_cast<size_t>(conversations));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return participantOfConversation[size_t(a)] < participantOfConversation[size_t(b)];
    });
    std::vector<int> column(static_cast<size_t>(conversations));
    for (int c = 0; c < conversations; ++c)
        column[size_t(order[size_t(c)])] = c;
    reduced.firstOfParticipant.push_back(0);
    for (int c = 1; c < conversations; ++c)
        if (participantOfConversation[size_t(order[size_t(c)])]
            != participantOfConversation[size_t(order[size_t(c) - 1])])
            reduced.firstOfParticipant.push_back(c);
    reduced.firstOfParticipant.push_back(conversations);

    reduced.means = Eigen::MatrixXd::Zero(q, conversations);
    reduced.sizes = Eigen::VectorXd::Zero(conversations);
    for (int i = 0; i < n; ++i) {
        const int c = column[size_t(conversationOf[size_t(i)])];
        reduced.means.col(c) += row(data[i]);
        reduced.sizes[c] += 1.0;
    }
    for (int c = 0; c < conversations; ++c)
        reduced.means.col(c) /= reduced.sizes[c];
    reduced.within = Eigen::MatrixXd::Zero(q, q);
    double totalSquares = 0.0;
    for (int i = 0; i < n; ++i) {
        const int c = column[size_t(conversationOf[size_t(i)])];
        const Eigen::VectorXd d = row(data[i]) - reduced.means.col(c);
        reduced.within.selfadjointView<Eigen::Lower>().rankUpdate(d);
        totalSquares += std::pow(data[i].value - reduced.shift, 2);
    }
    if (!(reduced.within(p, p) > 1e-12 * totalSquares)) {
        fit.failure = tr("The ratings do not vary within conversations, so the residual variance "
                         "cannot be estimated.");
        return fit;
    }

    const Theta theta = optimise(reduced, fit.evaluations);
    const Reduced::Factor factor = reduced.factor(theta.p, theta.c);
    ++fit.evaluations;
    if (!std::isfinite(factor.criterion)) {
        fit.failure = tr("The fixed effects cannot be estimated from these data.");
        return fit;
    }
    fit.thetaParticipant = theta.p;
    fit.thetaConversation = theta.c;
    fit.remlCriterion = factor.criterion;
    const double r = factor.l(p, p);
    const double sigma2 = r * r / (n - p);
    auto component = [](double variance) {
        return VarianceComponent {variance, std::sqrt(variance)};
    };
    fit.participant = component(theta.p * theta.p * sigma2);
    fit.conversation = component(theta.c * theta.c * sigma2);
    fit.residual = component(sigma2);
    const double total = fit.participant.variance + fit.conversation.variance + sigma2;
    fit.iccParticipant = fit.participant.variance / total;
    fit.iccConversation = (fit.participant.variance + fit.conversation.variance) / total;
    fit.singular = theta.p < 1e-4 || theta.c < 1e-4;

    // β = R_X⁻¹ (its part of the last row of L); cov(β) = σ² (R_X' R_X)⁻¹.
    const Eigen::MatrixXd rx = factor.l.topLeftCorner(p, p);
    const auto lower = rx.triangularView<Eigen::Lower>();
    const Eigen::VectorXd beta =
        lower.transpose().solve(Eigen::VectorXd(factor.l.row(p).head(p).transpose()));
    const Eigen::MatrixXd rxInverse = lower.solve(Eigen::MatrixXd::Identity(p, p));
    const Eigen::MatrixXd covariance = sigma2 * rxInverse.transpose() * rxInverse;
    for (int k = 0; k < p; ++k) {
        FixedEffect effect;
        effect.term = k == 0 ? QStringLiteral("(Intercept)") : levels[k];
        effect.estimate = beta[k] + (k == 0 ? reduced.shift : 0.0);
        effect.se = std::sqrt(covariance(k, k));
        effect.t = effect.estimate / effect.se;
        fit.fixed << effect;
    }
    fit.fitted = true;
    return fit;
}

} // namespace sense7::stats
